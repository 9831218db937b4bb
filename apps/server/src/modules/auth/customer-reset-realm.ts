import type { Clock } from '@/lib/clock';
import type { ResetRealm, ResetTexts } from '@/modules/password-reset/password-reset.service';
import type { AuthRepository } from './auth.repository.ts';

/** The investor realm's words (Turkish, as the investor UI). */
export const CUSTOMER_RESET_TEXTS: ResetTexts = {
  requested: 'Bu e-posta adresiyle bir hesap varsa şifre sıfırlama bağlantısı gönderildi.',
  invalidToken:
    'Bu sıfırlama bağlantısı geçersiz, kullanılmış veya süresi dolmuş. Yeni bir bağlantı isteyin.',
  mailUnavailable: 'Bu sunucuda e-posta gönderimi yapılandırılmamış. Lütfen destek ekibiyle iletişime geçin.',
  tooMany: 'Çok fazla sıfırlama isteği. Lütfen daha sonra tekrar deneyin.',
  resetMail: (link, minutes) => ({
    subject: 'BIST AI: şifrenizi sıfırlayın',
    text: [
      'BIST AI hesabınızın şifresini sıfırlamak için bir istek aldık.',
      '',
      `Yeni şifrenizi belirlemek için bu bağlantıyı ${minutes} dakika içinde açın (bir kez çalışır):`,
      link,
      '',
      'Yeni şifre, hesabınızdaki bütün açık oturumları kapatır.',
      'Bu isteği siz yapmadıysanız bu mesajı dikkate almayın: şifreniz değişmez.',
    ].join('\n'),
  }),
  lockoutMail: (ip, requestLink) => ({
    subject: 'BIST AI: hesabınızda başarısız giriş denemeleri durduruldu',
    text: [
      `BIST AI hesabınız için ${ip} adresinden art arda hatalı şifre denendi.`,
      'Bu adresten ve daha önce giriş yapmadığınız adreslerden girişler bir süre bekletiliyor;',
      'şifreniz kabul edilmedi ve hesabınızda hiçbir şey değişmedi.',
      '',
      'Şu anda giriş yapamıyorsanız şifre sıfırlama bağlantısı isteyin (yalnızca bu adrese gelir):',
      requestLink,
    ].join('\n'),
  }),
};

/**
 * Password reset for investors (the web screens come later; the routes are ready). `evict` drops the investor's
 * cached sessions in this process (AuthService.evictUser; other processes see the revocation within seconds).
 */
export function customerResetRealm(
  repo: AuthRepository,
  clock: Clock,
  evict: (userId: string) => void = () => undefined,
): ResetRealm {
  return {
    name: 'customer',
    resetPage: '/sifre-sifirla',
    requestPage: '/sifremi-unuttum',
    texts: CUSTOMER_RESET_TEXTS,
    async findActiveAccount(email) {
      const user = await repo.findUserByEmail(email);
      return user ? { id: user.id, email: user.email } : undefined;
    },
    async setPassword(userId, passwordHash) {
      const changed = await repo.setPassword(userId, passwordHash, clock.now());
      evict(userId);
      return changed;
    },
  };
}
