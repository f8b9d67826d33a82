package dev.modelsphere.swiss.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which client a request comes from: only the entries the server's own proxies wrote count. */
class ClientAddressTest {
  private static final String PEER = "10.0.0.9";

  @Test
  void withNoTrustedProxyTheHeaderIsIgnoredAndThePeerIsTheClient() {
    ClientAddress none = new ClientAddress(0);

    assertThat(none.of(PEER, List.of("203.0.113.5"))).isEqualTo(PEER);
    assertThat(none.of(PEER, List.of())).isEqualTo(PEER);
  }

  @Test
  void withOneTrustedProxyTheClientIsTheEntryItAppendedAtTheRight() {
    ClientAddress one = new ClientAddress(1);

    assertThat(one.of(PEER, List.of("203.0.113.5"))).isEqualTo("203.0.113.5");
    // What a client wrote itself stands to the left of what the proxy appended.
    assertThat(one.of(PEER, List.of("192.0.2.77, 198.51.100.1, 203.0.113.5")))
        .isEqualTo("203.0.113.5");
  }

  @Test
  void withTwoTrustedProxiesTheClientIsTheSecondEntryFromTheRight() {
    ClientAddress two = new ClientAddress(2);

    assertThat(two.of(PEER, List.of("192.0.2.77, 203.0.113.5, 10.1.1.1"))).isEqualTo("203.0.113.5");
  }

  @Test
  void headerLinesAreReadInOrderAsOneList() {
    assertThat(new ClientAddress(2).of(PEER, List.of("192.0.2.77, 203.0.113.5", "10.1.1.1")))
        .isEqualTo("203.0.113.5");
  }

  @Test
  void fewerEntriesThanTrustedProxiesNameTheLeftmostAndNoneNameThePeer() {
    ClientAddress three = new ClientAddress(3);

    assertThat(three.of(PEER, List.of("203.0.113.5, 10.1.1.1"))).isEqualTo("203.0.113.5");
    assertThat(three.of(PEER, List.of())).isEqualTo(PEER);
    assertThat(three.of(PEER, List.of(" , "))).isEqualTo(PEER);
  }

  @Test
  void emptyEntriesAreNoAddresses() {
    assertThat(new ClientAddress(1).of(PEER, List.of("203.0.113.5, ,"))).isEqualTo("203.0.113.5");
  }

  @Test
  void aNegativeHopCountIsRefusedNamingTheSetting() {
    assertThatThrownBy(() -> new ClientAddress(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("server.security.trustedProxyHops");
  }
}
