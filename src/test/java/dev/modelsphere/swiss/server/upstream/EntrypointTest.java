package dev.modelsphere.swiss.server.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The shown form of a check's call: header names, and a curl line that never holds the key. */
class EntrypointTest {
  private static final String BASE = "http://openresty.llm-route.svc:8080/glm-53";

  private static Entrypoint withKey(Map<String, String> headers) {
    return new Entrypoint(
        BASE, new TreeMap<>(headers), "Authorization", "Bearer " + Entrypoint.API_KEY_VARIABLE);
  }

  @Test
  void sentHeadersAreTheNamesSortedNeverTheValues() {
    Entrypoint entrypoint =
        withKey(Map.of("X-Tenant", "blue", "Authorization", "Bearer sk-1", "Accept", "*/*"));

    assertThat(entrypoint.sentHeaders()).containsExactly("Accept", "Authorization", "X-Tenant");
  }

  @Test
  void aGetIsShownWithTheKeyAsAShellVariableTheShellExpands() {
    Entrypoint entrypoint = withKey(Map.of("Authorization", "Bearer sk-secret", "X-Tenant", "b"));

    String curl = entrypoint.curl("GET", entrypoint.url("/v1/models"), null);

    assertThat(curl)
        .isEqualTo(
            "curl -sS -H \"Authorization: Bearer $SWISS_API_KEY\" -H 'X-Tenant: b'"
                + " 'http://openresty.llm-route.svc:8080/glm-53/v1/models'")
        .doesNotContain("sk-secret");
  }

  @Test
  void aPostIsShownWithItsMethodJsonTypeAndBody() {
    Entrypoint entrypoint = withKey(Map.of("Authorization", "Bearer sk-secret"));

    String curl =
        entrypoint.curl("POST", entrypoint.url("/v1/completions"), "{\"prompt\":\"it's ok\"}");

    assertThat(curl)
        .isEqualTo(
            "curl -sS -X POST -H \"Authorization: Bearer $SWISS_API_KEY\""
                + " -H 'Content-Type: application/json' -d '{\"prompt\":\"it'\\''s ok\"}'"
                + " 'http://openresty.llm-route.svc:8080/glm-53/v1/completions'");
  }

  @Test
  void quotesBackslashesAndBackticksInTheShownKeyPrefixAreEscaped() {
    Entrypoint entrypoint =
        new Entrypoint(
            BASE,
            new TreeMap<>(Map.of("X-Key", "k")),
            "X-Key",
            "a\"b\\c`d " + Entrypoint.API_KEY_VARIABLE);

    assertThat(entrypoint.curl("GET", BASE, null))
        .contains("-H \"X-Key: a\\\"b\\\\c\\`d $SWISS_API_KEY\"");
  }

  @Test
  void withoutACredentialEveryHeaderIsShownAsSent() {
    Entrypoint entrypoint = new Entrypoint(BASE, new TreeMap<>(Map.of("X-Tenant", "b")), "", "");

    assertThat(entrypoint.curl("GET", BASE, null))
        .isEqualTo("curl -sS -H 'X-Tenant: b' '" + BASE + "'");
  }
}
