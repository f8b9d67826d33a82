package dev.modelsphere.swiss.config;

import dev.modelsphere.swiss.values.Nulls;
import java.util.List;

/**
 * What the server trusts beyond its login: the names it answers to, the proxies in front of it,
 * and where it may send what the site profile names as secret. These live in the server config,
 * not in the site profile, because the profile is data an admin edits through swiss itself: a
 * setting that widens what swiss trusts must come from whoever deploys swiss.
 *
 * @param hosts the host names (with or without a port) requests must name in {@code Host}; empty:
 *     loopback names only when the login is off, any name otherwise
 * @param trustedProxyHops how many reverse proxies stand in front of the server; the client's
 *     address is read that many entries from the right of {@code X-Forwarded-For}, and the header
 *     is ignored when this is 0
 * @param secretDestinations the origins ({@code https://slo.example.com:8443}) that may receive a
 *     secret the profile names (the SLO token, an entrypoint's API key); empty: none
 * @param allowLoopbackUpstreams whether user-directed calls (probe, chat, SLO, catalogs) may reach
 *     a loopback address; link-local and metadata addresses are refused regardless
 */
public record Security(
    List<String> hosts,
    int trustedProxyHops,
    List<String> secretDestinations,
    boolean allowLoopbackUpstreams) {

  public Security {
    hosts = Nulls.withoutNullItems(hosts);
    secretDestinations = Nulls.withoutNullItems(secretDestinations);
  }

  public static Security defaults() {
    return new Security(null, 0, null, false);
  }
}
