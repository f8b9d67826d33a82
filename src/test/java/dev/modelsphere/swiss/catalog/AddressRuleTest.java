package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The addresses an outbound call may reach; IP literals, so no DNS is asked. */
class AddressRuleTest {
  private final AddressRule userDirected = new AddressRule(false);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "169.254.169.254",
        "169.254.170.2",
        "fe80::1",
        "fd00:ec2::254",
        "100.100.100.200",
        "192.0.0.192",
        "::169.254.169.254",
        "64:ff9b::a9fe:a9fe"
      })
  void metadataAndLinkLocalAddressesAreRefusedEvenWhereLoopbackIsAllowed(String ip)
      throws UnknownHostException {
    assertThat(AddressRule.REPOSITORIES.refusal(InetAddress.getByName(ip))).isPresent();
    assertThat(userDirected.refusal(InetAddress.getByName(ip))).isPresent();
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1", "127.8.9.10", "::1", "0.0.0.0", "::", "::ffff:127.0.0.1"})
  void loopbackIsRefusedForUserDirectedCallsUnlessAllowed(String ip) throws UnknownHostException {
    assertThat(userDirected.refusal(InetAddress.getByName(ip)))
        .hasValueSatisfying(why -> assertThat(why).contains("loopback"));
    assertThat(new AddressRule(true).refusal(InetAddress.getByName(ip))).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"10.96.0.10", "192.168.1.20", "100.64.0.1", "8.8.8.8", "2001:db8::1"})
  void clusterAndPublicAddressesMayBeCalled(String ip) throws UnknownHostException {
    assertThat(userDirected.refusal(InetAddress.getByName(ip))).isEmpty();
  }

  @Test
  void aRefusalNamesTheUrlTheAddressAndWhatToDo() {
    assertThatThrownBy(() -> userDirected.check(URI.create("http://[::1]:8080/v1/models")))
        .isInstanceOf(RefusedAddressException.class)
        .hasMessageContaining(
            "http://[::1]:8080/v1/models", "loopback", "server.security.allowLoopbackUpstreams");
    assertThatThrownBy(() -> userDirected.check(URI.create("http://169.254.169.254/latest/")))
        .hasMessageContaining("169.254.169.254", "link-local", "never calls");
  }

  @Test
  void metadataServiceNamesAreRefusedWithoutAskingDns() {
    assertThatThrownBy(
            () -> AddressRule.REPOSITORIES.check(URI.create("http://Metadata.Google.Internal./x")))
        .isInstanceOf(RefusedAddressException.class)
        .hasMessageContaining("cloud metadata service");
  }

  @Test
  void aNumericSpellingOfAMetadataAddressIsTheSameAddress() {
    // 2852039166 is 169.254.169.254 as one number, which the JDK's resolver, like curl's, accepts.
    assertThatThrownBy(() -> userDirected.check(URI.create("http://2852039166/")))
        .isInstanceOf(RefusedAddressException.class);
  }

  @Test
  void anAllowedLiteralPasses() {
    assertThatCode(() -> userDirected.check(URI.create("http://10.0.0.7:8081/glm")))
        .doesNotThrowAnyException();
  }
}
