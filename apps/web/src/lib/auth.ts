/** Starting and ending a session; used by the login screens, the user menu and the password change. */
import type { LoginReply } from '@pruefbuch/domain/schemas/auth';
import { api } from './api-client';
import { applyAccountLanguage } from './language-choice';
import { forgetOfflineData, forgetOthersPreparedDay } from './offline-data';
import { queryClient } from './query-client';
import { clearSession, getAccessToken, getRefreshToken, setPending2fa, startSession } from './session';
import { publishWaitingChanges } from './waiting-changes';

export type LoginOutcome = 'loggedIn' | 'needs2fa';

/** Takes a login (or validate2fa) reply: either the session starts or the 2FA step begins. */
export function acceptLoginReply(reply: LoginReply): LoginOutcome {
  if (reply.is2FaUsed && !reply.refreshToken) {
    setPending2fa(reply.token, reply.userId);
    return 'needs2fa';
  }
  queryClient.clear();
  void forgetOthersPreparedDay(reply.userId);
  startSession(reply);
  applyAccountLanguage(reply.language);
  return 'loggedIn';
}

/** Ends the session here; tells the server too unless it has already ended it (password change). */
/**
 * Ends the session. `keepOfflineWork`: the same user signs in again at once (after changing their password), so what
 * they recorded offline and their prepared day stay on the device.
 */
export async function signOut(options: { callServer?: boolean; keepOfflineWork?: boolean } = {}) {
  const refreshToken = getRefreshToken();
  if (options.callServer !== false && (refreshToken || getAccessToken())) {
    await api.post('users/logout', refreshToken ? { refreshToken } : undefined).catch(() => undefined);
  }
  clearSession({ byUser: true });
  queryClient.clear();
  if (options.keepOfflineWork) return;
  // Nothing of this user's books stays on the device for the next one (issue 33 item 5).
  await forgetOfflineData();
  publishWaitingChanges(0);
}
