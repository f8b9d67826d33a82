package dev.modelsphere.swiss.catalog;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which hosts an outbound HTTP call of swiss may reach. A cloud's metadata service answers anyone
 * on the machine with that machine's credentials, on a link-local address or one of a few fixed
 * ones, so no call goes there, whoever configured it. Loopback reaches swiss's own pod (its
 * sidecars, its own API without the login), so a call a user directs goes there only when the
 * server config allows it.
 *
 * <p>Every address the name resolves to is checked, since the client may connect to any of them.
 * The JDK's HTTP client resolves the name again when it connects; it gets the answer this check got
 * from the JVM's address cache (30 s by default), which is what narrows the gap a DNS rebinding
 * would need. See docs/decisions/0003-upstream-calls.md for what remains.
 *
 * @param allowLoopback whether loopback addresses (and the unspecified address, which reaches them)
 *     may be called
 */
public record AddressRule(boolean allowLoopback) {
  /**
   * Catalogs and chart repositories: whoever deploys swiss names them, and a catalog in a local
   * directory or on a local server is an ordinary setup, so loopback is allowed.
   */
  public static final AddressRule REPOSITORIES = new AddressRule(true);

  /** The server config key that allows loopback for the calls a user directs. */
  public static final String ALLOW_LOOPBACK = "server.security.allowLoopbackUpstreams";

  /** Names of metadata services, refused even where no DNS answers for them. */
  private static final Set<String> METADATA_NAMES =
      Set.of("metadata.google.internal", "metadata.goog");

  /**
   * Metadata services outside the link-local range: AWS's IPv6 endpoint, Alibaba Cloud's, and
   * Oracle Cloud Classic's.
   */
  private static final List<InetAddress> METADATA_ADDRESSES =
      Stream.of("fd00:ec2::254", "100.100.100.200", "192.0.0.192")
          .map(AddressRule::literal)
          .toList();

  /** NAT64's well-known prefix, 64:ff9b::/96: an IPv4 address behind it is that address. */
  private static final byte[] NAT64_PREFIX = {
    0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0
  };

  /**
   * Resolves the URL's host and checks every address it has.
   *
   * @throws RefusedAddressException naming the URL, the address and why it is refused
   * @throws UnknownHostException when the name resolves to nothing
   */
  public void check(URI url) throws UnknownHostException {
    String host = host(url);
    if (METADATA_NAMES.contains(host.toLowerCase(Locale.ROOT).replaceAll("\\.$", ""))) {
      throw refused(url, host, "the name of a cloud metadata service");
    }
    for (InetAddress address : InetAddress.getAllByName(host)) {
      Optional<String> why = refusal(address);
      if (why.isPresent()) {
        throw refused(url, address.getHostAddress(), why.get());
      }
    }
  }

  /**
   * Why swiss does not call {@code address}; empty when it may. An IPv6 address that embeds an IPv4
   * one is judged as both ({@code ::1} also reads as the IPv4-compatible {@code 0.0.0.1}).
   */
  Optional<String> refusal(InetAddress address) {
    return why(address).or(() -> embeddedIpv4(address).flatMap(this::why));
  }

  private Optional<String> why(InetAddress plain) {
    if (METADATA_ADDRESSES.contains(plain)) {
      return Optional.of("the address of a cloud metadata service");
    }
    if (plain.isLinkLocalAddress()) {
      return Optional.of("a link-local address, where cloud metadata services answer");
    }
    if (!allowLoopback && (plain.isLoopbackAddress() || plain.isAnyLocalAddress())) {
      return Optional.of("a loopback address, which reaches swiss's own pod");
    }
    return Optional.empty();
  }

  private RefusedAddressException refused(URI url, String address, String why) {
    String remedy =
        why.startsWith("a loopback")
            ? "set %s: true in the server config to allow loopback".formatted(ALLOW_LOOPBACK)
            : "swiss never calls such an address; name another host";
    return new RefusedAddressException(
        "refused to call %s: %s is %s -- %s".formatted(url, address, why, remedy));
  }

  /** The host as {@link InetAddress} takes it: an IPv6 literal without its brackets. */
  private static String host(URI url) {
    String host = url.getHost();
    if (host == null || host.isEmpty()) {
      throw new IllegalArgumentException("%s names no host".formatted(url));
    }
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }

  /**
   * The IPv4 address an IPv6 one stands for, where it embeds one a host would reach: the deprecated
   * IPv4-compatible form and NAT64's. (Java turns the IPv4-mapped form into IPv4.)
   */
  private static Optional<InetAddress> embeddedIpv4(InetAddress address) {
    if (!(address instanceof Inet6Address v6)) {
      return Optional.empty();
    }
    byte[] bytes = v6.getAddress();
    boolean nat64 = Arrays.equals(bytes, 0, 12, NAT64_PREFIX, 0, 12);
    if (!v6.isIPv4CompatibleAddress() && !nat64) {
      return Optional.empty();
    }
    try {
      return Optional.of(InetAddress.getByAddress(Arrays.copyOfRange(bytes, 12, 16)));
    } catch (UnknownHostException e) {
      throw new IllegalStateException("four bytes are an IPv4 address", e);
    }
  }

  /** An IP literal, which resolves without asking DNS. */
  private static InetAddress literal(String ip) {
    try {
      return InetAddress.getByName(ip);
    } catch (UnknownHostException e) {
      throw new IllegalStateException(ip + " is an IP literal", e);
    }
  }
}
