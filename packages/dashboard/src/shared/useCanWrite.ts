import { useSession } from '../app/session';

/** False for the Enterprise `viewer` role: screens hide every create/edit/delete action. */
export function useCanWrite(): boolean {
  const session = useSession();
  return !!session && session.role !== 'viewer';
}
