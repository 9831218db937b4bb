import { ADMIN_ROLES, type AdminRole } from '@bist/contracts';

/**
 * Demo staff, one per role, seeded at start in demo mode only (DEMO_MODE). The passwords are deliberately public:
 * the login page offers them ('Use Demo Credentials') and README.md lists them. Never created with DEMO_MODE off.
 */
export const DEMO_STAFF: readonly { role: AdminRole; name: string; email: string; password: string }[] = [
  {
    role: 'super_admin',
    name: 'Demo Super Admin',
    email: 'superadmin@bistai.demo',
    password: 'superadmin-demo-2026',
  },
  { role: 'ceo', name: 'Demo CEO', email: 'ceo@bistai.demo', password: 'ceo-demo-2026' },
  { role: 'cto', name: 'Demo CTO', email: 'cto@bistai.demo', password: 'cto-demo-2026' },
  { role: 'cfo', name: 'Demo CFO', email: 'cfo@bistai.demo', password: 'cfo-demo-2026' },
  {
    role: 'operations_manager',
    name: 'Demo Operations Manager',
    email: 'operations@bistai.demo',
    password: 'operations-demo-2026',
  },
  { role: 'risk_manager', name: 'Demo Risk Manager', email: 'risk@bistai.demo', password: 'risk-demo-2026' },
  {
    role: 'technical_lead',
    name: 'Demo Technical Lead',
    email: 'techlead@bistai.demo',
    password: 'techlead-demo-2026',
  },
  {
    role: 'customer_success',
    name: 'Demo Customer Success',
    email: 'success@bistai.demo',
    password: 'success-demo-2026',
  },
  {
    role: 'marketing_manager',
    name: 'Demo Marketing Manager',
    email: 'marketing@bistai.demo',
    password: 'marketing-demo-2026',
  },
  {
    role: 'data_analyst',
    name: 'Demo Data Analyst',
    email: 'analyst@bistai.demo',
    password: 'analyst-demo-2026',
  },
];

// Every role has exactly one demo account (checked once at load: a new role without one is a programming error).
for (const role of ADMIN_ROLES) {
  if (DEMO_STAFF.filter((account) => account.role === role).length !== 1)
    throw new Error(`DEMO_STAFF needs one account for ${role}`);
}

export function demoAccountFor(role: AdminRole) {
  const account = DEMO_STAFF.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no demo account for ${role}`);
  return account;
}
