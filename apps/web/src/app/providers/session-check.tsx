import { useMe } from '@/features/auth/api/get-me';

/** Asks the server once whether the restored token still holds (see SessionProvider); renders nothing. */
export default function SessionCheck({ token }: { token: string }) {
  useMe(token, true);
  return null;
}
