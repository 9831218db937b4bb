import {
  AUDIT_ACTIONS,
  DEFAULT_PLATFORM_SETTINGS,
  platformSettingsSchema,
  type PlatformSettings,
  type PlatformSettingsUpdate,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import type { AuditService } from '@/modules/audit/audit.service';
import type { SettingsRepository, SettingsRow } from './settings.repository.ts';

const SETTINGS_KEY = 'platform';

export interface SettingsSnapshot {
  settings: PlatformSettings;
  updatedAt: Date | null;
  updatedBy: { id: string | null; email: string } | null;
}

/**
 * The stored document over the defaults, field by field: a field that is missing or no longer valid (the schema
 * changed since it was stored) falls back to its default instead of breaking every reader.
 */
export function settingsFromStored(
  stored: unknown,
  defaults: PlatformSettings = DEFAULT_PLATFORM_SETTINGS,
): PlatformSettings {
  const merged: Record<string, unknown> = { ...defaults };
  if (stored && typeof stored === 'object') {
    for (const [key, value] of Object.entries(stored)) {
      if (!(key in platformSettingsSchema.shape)) continue;
      const field = platformSettingsSchema.shape[key as keyof PlatformSettings];
      if (field.safeParse(value).success) merged[key] = value;
    }
  }
  return platformSettingsSchema.parse(merged);
}

function snapshotOf(row: SettingsRow | undefined, defaults: PlatformSettings): SettingsSnapshot {
  if (!row) return { settings: { ...defaults }, updatedAt: null, updatedBy: null };
  return {
    settings: settingsFromStored(row.value, defaults),
    updatedAt: row.updatedAt,
    updatedBy: { id: row.updatedById, email: row.updatedByEmail },
  };
}

export type SettingsListener = (
  settings: PlatformSettings,
  changed: readonly (keyof PlatformSettings)[],
) => void | Promise<void>;

/**
 * Platform settings (market feed, polling, ML schedule, price band, staff session rules). Code that needs them on
 * every call (the feed's poll interval before each tick) reads `current()`: the copy loaded at start, replaced by
 * every change saved here and by `refresh()` (the composition root calls it periodically, so a change saved through
 * another process applies here too). Other readers use `get()`, which reads the database.
 */
export class SettingsService {
  private readonly listeners = new Set<SettingsListener>();
  private readonly defaults: PlatformSettings;
  private cached: PlatformSettings;

  /**
   * `defaults` replace the contract's defaults where the environment sets them (MARKET_FEED is the 'Market feed'
   * setting's default): the stored document keeps only the fields an admin saved, so such a default applies until an
   * admin chooses otherwise.
   */
  constructor(
    private readonly repo: SettingsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    defaults: Partial<PlatformSettings> = {},
  ) {
    this.defaults = { ...DEFAULT_PLATFORM_SETTINGS, ...defaults };
    this.cached = { ...this.defaults };
  }

  /** Called after every saved change with the new settings and the changed fields (this process's changes). */
  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The current settings (defaults where never set), from the database. */
  async get(): Promise<PlatformSettings> {
    return (await this.snapshot()).settings;
  }

  /** The settings as last loaded, saved or refreshed (the defaults before `refresh()` first ran). */
  current(): PlatformSettings {
    return this.cached;
  }

  /** Re-reads the stored settings into `current()`; rejects when the database does not answer. */
  async refresh(): Promise<PlatformSettings> {
    this.cached = await this.get();
    return this.cached;
  }

  async snapshot(): Promise<SettingsSnapshot> {
    return snapshotOf(await this.repo.find(SETTINGS_KEY), this.defaults);
  }

  /** Applies a validated patch; writes the change and its audit entry (only the fields that changed) together. */
  async update(
    patch: PlatformSettingsUpdate,
    actor: AdminActor,
    meta: RequestMeta,
  ): Promise<SettingsSnapshot> {
    let changedKeys: (keyof PlatformSettings)[] = [];
    const snapshot = await this.repo.transaction(SETTINGS_KEY, async (tx, current) => {
      const before = snapshotOf(current, this.defaults).settings;
      const after = platformSettingsSchema.parse({ ...before, ...patch });
      const changed = (Object.keys(after) as (keyof PlatformSettings)[]).filter(
        (key) => after[key] !== before[key],
      );
      changedKeys = changed;
      if (changed.length === 0) return snapshotOf(current, this.defaults);
      // Only the fields admins saved are stored: the others keep following their defaults.
      const saved = current?.value && typeof current.value === 'object' ? current.value : {};
      const row: SettingsRow = {
        key: SETTINGS_KEY,
        value: { ...saved, ...Object.fromEntries(changed.map((key) => [key, after[key]])) },
        updatedAt: this.clock.now(),
        updatedById: actor.id,
        updatedByEmail: actor.email,
      };
      await this.repo.upsert(row, tx);
      await this.audit.record(
        {
          eventType: 'system_config',
          action: AUDIT_ACTIONS.settingsUpdated,
          actor,
          target: { type: 'settings', id: SETTINGS_KEY },
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, after[key]])),
          details: { changed },
          meta,
        },
        tx,
      );
      return snapshotOf(row, this.defaults);
    });
    // After the commit: listeners apply the change (a listener's failure does not undo the saved setting).
    this.cached = snapshot.settings;
    if (changedKeys.length > 0) {
      for (const listener of this.listeners) {
        try {
          await listener(snapshot.settings, changedKeys);
        } catch {
          // The listener logs its own failure; the setting is stored and applies at the next start.
        }
      }
    }
    return snapshot;
  }
}
