/**
 * The services {@code swiss serve} calls on a user's behalf: a release's model server through the
 * site's entrypoint (the probe and chat checks of reference §6.2, §6.3) and the SLO server (§6.5).
 * Credentials come from Secrets the site profile names; they are sent, never reported back, and
 * only to the origins the server config lists ({@link
 * dev.modelsphere.swiss.server.upstream.UpstreamPolicy}). No call follows a redirect or reaches an
 * address the policy refuses.
 *
 * <p>{@link dev.modelsphere.swiss.server.upstream.ServiceAddresses} is the one place a Service
 * becomes an address, so tests can put a simulated model server behind the entrypoint.
 */
package dev.modelsphere.swiss.server.upstream;
