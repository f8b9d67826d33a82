package dev.modelsphere.swiss.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tokens and credentials as reference §5.1 makes and checks them. */
class SessionTokensTest {
  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

  @TempDir Path dir;

  @Test
  void credentialFilesLoseTheirTrailingNewlineAndDeriveATokenKeyFromThePassword() throws Exception {
    Files.writeString(dir.resolve("username"), "admin\r\n");
    Files.writeString(dir.resolve("password"), "pw-one\n");

    Credentials first = new CredentialFiles(dir).current();
    Files.writeString(dir.resolve("password"), "pw-two\n");
    Credentials second = new CredentialFiles(dir).current();

    assertThat(first.username()).isEqualTo("admin");
    assertThat(first.matches("admin", "pw-one")).isTrue();
    assertThat(first.matches("admin", "pw-one\n")).isFalse();
    assertThat(first.tokenKey()).hasSize(32).isNotEqualTo(second.tokenKey());
    assertThat(first.passwordVersion()).hasSize(16).isNotEqualTo(second.passwordVersion());
  }

  @Test
  void bothUsernameAndPasswordAreRequired() throws Exception {
    Files.writeString(dir.resolve("username"), "admin\n");

    assertThatThrownBy(() -> new CredentialFiles(dir).current())
        .isInstanceOf(AuthException.class)
        .hasMessageContaining(dir.resolve("password").toString());
  }

  @Test
  void aTokenKeyTooShortForHs256IsRefusedNamingTheFile() throws Exception {
    Files.writeString(dir.resolve("username"), "admin");
    Files.writeString(dir.resolve("password"), "pw");
    Files.writeString(dir.resolve("tokenKey"), "short");

    assertThatThrownBy(() -> new CredentialFiles(dir).current())
        .isInstanceOf(AuthException.class)
        .hasMessageContaining("tokenKey");
  }

  @Test
  void aTokenCarriesTheReferencesClaimsAndVerifiesUntilItExpires() {
    Credentials c = credentials("pw");
    SessionTokens.Issued issued = tokens(NOW).issue(c);

    String claims = decode(issued.token().split("\\.")[1]);
    assertThat(decode(issued.token().split("\\.")[0]))
        .contains("\"alg\":\"HS256\"", "\"typ\":\"JWT\"");
    assertThat(claims)
        .contains("\"sub\":\"admin\"", "\"pv\":\"" + c.passwordVersion() + "\"")
        .contains(
            "\"iat\":" + NOW.getEpochSecond(),
            "\"exp\":" + NOW.plusSeconds(86400).getEpochSecond());
    assertThat(tokens(NOW.plusSeconds(86400)).verify(issued.token(), c).user()).isEqualTo("admin");
    assertThatThrownBy(() -> tokens(NOW.plusSeconds(86401)).verify(issued.token(), c))
        .hasMessageContaining("expired");
  }

  @Test
  void forgeriesAreRefused() {
    Credentials c = credentials("pw");
    String token = tokens(NOW).issue(c).token();
    String[] parts = token.split("\\.");
    String noneHeader =
        B64.encodeToString("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));

    assertThatThrownBy(() -> tokens(NOW).verify(token, credentials("other")))
        .isInstanceOf(AuthException.class);
    assertThatThrownBy(() -> tokens(NOW).verify(noneHeader + "." + parts[1] + ".", c))
        .isInstanceOf(AuthException.class);
    assertThatThrownBy(() -> tokens(NOW).verify("garbage", c)).isInstanceOf(AuthException.class);
  }

  @Test
  void theProxyKeyMatchesOnlyItselfAndNeverWhenEmpty() {
    Credentials withKey = new Credentials("admin", "pw", new byte[32], "proxy-key");
    Credentials without = new Credentials("admin", "pw", new byte[32], "");

    assertThat(withKey.isProxyKey("proxy-key")).isTrue();
    assertThat(withKey.isProxyKey("proxy-ke")).isFalse();
    assertThat(withKey.isProxyKey("")).isFalse();
    assertThat(without.isProxyKey("")).isFalse();
  }

  private static Credentials credentials(String password) {
    return new Credentials("admin", password, Credentials.derivedTokenKey(password), "");
  }

  private static SessionTokens tokens(Instant now) {
    return new SessionTokens(Duration.ofHours(24), Clock.fixed(now, ZoneOffset.UTC));
  }

  private static String decode(String part) {
    return new String(Base64.getUrlDecoder().decode(part), StandardCharsets.UTF_8);
  }
}
