/**
 * The login of reference §5: one account from a mounted Secret directory (re-read when its files
 * change), HS256 session tokens in the {@code swiss_session} cookie or a bearer header, a trusted
 * proxy's key with {@code X-Remote-User}, a throttle on failed logins (per client, told apart
 * through the trusted proxy hops only, and per username), the revocation of the tokens a logout
 * ended, and the guard that keeps {@code /api/...} closed without a session. {@link
 * dev.modelsphere.swiss.server.auth.Actor} names who acts in a request, for the audit log.
 */
package dev.modelsphere.swiss.server.auth;
