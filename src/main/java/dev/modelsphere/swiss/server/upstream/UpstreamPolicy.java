package dev.modelsphere.swiss.server.upstream;

import dev.modelsphere.swiss.catalog.AddressRule;
import dev.modelsphere.swiss.config.Security;

/**
 * What the server config allows the calls a user directs (probe, chat, SLO): the addresses they may
 * reach, and where a Secret the profile names may go.
 */
public final class UpstreamPolicy {
  private final AddressRule addresses;
  private final SecretDestinations secretDestinations;

  private UpstreamPolicy(AddressRule addresses, SecretDestinations secretDestinations) {
    this.addresses = addresses;
    this.secretDestinations = secretDestinations;
  }

  /** The policy {@code server.security} sets. */
  public static UpstreamPolicy of(Security security) {
    return new UpstreamPolicy(
        new AddressRule(security.allowLoopbackUpstreams()),
        new SecretDestinations(security.secretDestinations()));
  }

  AddressRule addresses() {
    return addresses;
  }

  SecretDestinations secretDestinations() {
    return secretDestinations;
  }
}
