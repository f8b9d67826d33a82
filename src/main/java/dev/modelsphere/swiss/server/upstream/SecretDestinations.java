package dev.modelsphere.swiss.server.upstream;

import dev.modelsphere.swiss.catalog.UrlOrigin;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The origins a credential read from a Secret the site profile names may be sent to: {@code
 * server.security.secretDestinations}. The profile says where a call goes and which Secret to send;
 * were that enough, whoever may write the profile could send any Secret swiss can read (its own
 * login, say) to a listener of their own. So the destination must also be in the server config,
 * which only whoever deploys swiss writes.
 */
final class SecretDestinations {
  static final String SETTING = "server.security.secretDestinations";

  private final Set<String> origins;

  /**
   * @param configured origins such as {@code https://slo.example.com:8443}; an entry that is no
   *     http(s) URL allows nothing
   */
  SecretDestinations(List<String> configured) {
    this.origins =
        configured.stream()
            .map(UrlOrigin::of)
            .flatMap(Optional::stream)
            .collect(Collectors.toUnmodifiableSet());
  }

  /**
   * Refuses unless {@code url}'s origin is listed.
   *
   * @param secretSetting the profile setting naming the Secret ({@code scaler.sloTokenSecret})
   * @param addressSetting the profile setting naming where it would go ({@code scaler.sloAddress})
   * @throws DomainException {@link ErrorKind#FORBIDDEN}, naming the address and the key to set
   */
  void require(String url, String secretSetting, String addressSetting) {
    Optional<String> origin = UrlOrigin.of(url);
    if (origin.isPresent() && origins.contains(origin.get())) {
      return;
    }
    throw new DomainException(
        ErrorKind.FORBIDDEN,
        ("refused to send the Secret %s names to %s (%s): the server config does not list %s in"
                + " %s -- if it should receive that Secret, add it there (the site profile cannot)")
            .formatted(secretSetting, url, addressSetting, origin.orElse("that address"), SETTING));
  }
}
