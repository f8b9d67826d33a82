package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where swiss goes next on a redirect, and when it carries credentials there. */
class RedirectsTest {
  private static final URI FROM = URI.create("https://charts.example.com/stable/index.yaml");

  @Test
  void aRelativeLocationResolvesAgainstTheRequest() {
    assertThat(Redirects.next(FROM, Optional.of("../moved/index.yaml"), 0))
        .isEqualTo(URI.create("https://charts.example.com/moved/index.yaml"));
  }

  @Test
  void httpsIsNeverLeftForPlainHttp() {
    assertThatThrownBy(() -> Redirects.next(FROM, Optional.of("http://charts.example.com/x"), 0))
        .isInstanceOf(Redirects.Unfollowed.class)
        .hasMessageContaining("from https to plain http");
  }

  @Test
  void aRedirectWithoutALocationOrToAnotherSchemeOrOneTooManyIsNotFollowed() {
    assertThatThrownBy(() -> Redirects.next(FROM, Optional.empty(), 0))
        .hasMessageContaining("without a usable Location");
    assertThatThrownBy(() -> Redirects.next(FROM, Optional.of("file:///etc/passwd"), 0))
        .hasMessageContaining("not http(s)");
    assertThatThrownBy(() -> Redirects.next(FROM, Optional.of("/again"), Redirects.MAX_HOPS))
        .hasMessageContaining("more than " + Redirects.MAX_HOPS + " redirects");
  }

  @Test
  void theOriginIsSchemeHostAndPortWithTheDefaultPortSpeltOrNot() {
    assertThat(Redirects.sameOrigin(FROM, URI.create("https://CHARTS.example.com:443/other")))
        .isTrue();
    assertThat(Redirects.sameOrigin(FROM, URI.create("https://charts.example.com:8443/x")))
        .isFalse();
    assertThat(Redirects.sameOrigin(FROM, URI.create("https://cdn.example.com/x"))).isFalse();
    assertThat(Redirects.sameOrigin(FROM, URI.create("http://charts.example.com/x"))).isFalse();
  }
}
