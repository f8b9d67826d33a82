package dev.modelsphere.swiss.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.Date;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tokens and credentials as reference §5.1 makes and checks them. */
class SessionTokensTest {
  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

  @TempDir Path dir;

  @Test
  void credentialFilesLoseTheirTrailingNewlineAndWithoutATokenKeySignWithARandomOne()
      throws Exception {
    Files.writeString(dir.resolve("username"), "admin\r\n");
    Files.writeString(dir.resolve("password"), "pw-one\n");

    CredentialFiles files = new CredentialFiles(dir);
    Credentials first = files.current();
    Files.writeString(dir.resolve("password"), "pw-two\n");
    Credentials second = files.current();
    Credentials elsewhere = new CredentialFiles(dir).current();

    assertThat(first.username()).isEqualTo("admin");
    assertThat(first.matches("admin", "pw-one")).isTrue();
    assertThat(first.matches("admin", "pw-one\n")).isFalse();
    // Drawn once per server, not derived from the password: another server draws its own.
    assertThat(first.tokenKey()).hasSize(32).isEqualTo(second.tokenKey());
    assertThat(elsewhere.tokenKey()).isNotEqualTo(second.tokenKey());
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
  void aTokenKeyTooShortForHs256OrEqualToThePasswordIsReplacedByARandomOne() throws Exception {
    Files.writeString(dir.resolve("username"), "admin");
    Files.writeString(dir.resolve("password"), "a password of thirty-two bytes!!");
    CredentialFiles files = new CredentialFiles(dir);

    Files.writeString(dir.resolve("tokenKey"), "short");
    byte[] instead = files.current().tokenKey();
    Files.writeString(dir.resolve("tokenKey"), "a password of thirty-two bytes!!");
    byte[] notThePassword = files.current().tokenKey();
    Files.writeString(dir.resolve("tokenKey"), "a token key of at least 32 bytes, random");
    byte[] given = files.current().tokenKey();

    assertThat(instead).hasSize(32).isNotEqualTo("short".getBytes(StandardCharsets.UTF_8));
    assertThat(notThePassword)
        .isEqualTo(instead)
        .isNotEqualTo("a password of thirty-two bytes!!".getBytes(StandardCharsets.UTF_8));
    assertThat(new String(given, StandardCharsets.UTF_8))
        .isEqualTo("a token key of at least 32 bytes, random");
  }

  @Test
  void thePasswordVersionIsAnHmacUnderTheTokenKeyNotAHashAGuessCanBeCheckedAgainst()
      throws Exception {
    Credentials c = new Credentials("admin", "pw", key('k'), "");
    String sha256 =
        HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-256").digest("pw".getBytes(StandardCharsets.UTF_8)));

    assertThat(c.passwordVersion()).hasSize(16).isNotEqualTo(sha256.substring(0, 16));
    assertThat(sha256).doesNotContain(c.passwordVersion());
    assertThat(new Credentials("admin", "pw", key('k'), "").passwordVersion())
        .isEqualTo(c.passwordVersion());
    assertThat(new Credentials("admin", "pw", key('j'), "").passwordVersion())
        .isNotEqualTo(c.passwordVersion());
  }

  @Test
  void aTokenCarriesARandomIdThatARefreshOfItsSessionKeeps() {
    Credentials c = credentials("pw");
    Session first = tokens(NOW).verify(tokens(NOW).issue(c).token(), c);
    Session other = tokens(NOW).verify(tokens(NOW).issue(c).token(), c);
    String refreshed = tokens(NOW.plusSeconds(3600)).refresh(first, c).token();

    assertThat(first.tokenId()).hasSize(22).isNotEqualTo(other.tokenId());
    assertThat(decode(refreshed.split("\\.")[1])).contains("\"jti\":\"" + first.tokenId() + "\"");
    assertThat(tokens(NOW.plusSeconds(3600)).verify(refreshed, c).tokenId())
        .isEqualTo(first.tokenId());
  }

  @Test
  void aTokenWithoutAnIdIsRefusedSinceNoLogoutCouldRevokeIt() throws Exception {
    Credentials c = credentials("pw");
    SignedJWT noId =
        new SignedJWT(
            new JWSHeader(JWSAlgorithm.HS256),
            new JWTClaimsSet.Builder()
                .subject("admin")
                .expirationTime(Date.from(NOW.plusSeconds(60)))
                .claim("pv", c.passwordVersion())
                .build());
    noId.sign(new MACSigner(c.tokenKey()));

    assertThatThrownBy(() -> tokens(NOW).verify(noId.serialize(), c))
        .isInstanceOf(AuthException.class)
        .hasMessageContaining("jti");
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
    return new Credentials("admin", password, key('k'), "");
  }

  private static byte[] key(char fill) {
    byte[] key = new byte[32];
    Arrays.fill(key, (byte) fill);
    return key;
  }

  private static SessionTokens tokens(Instant now) {
    return new SessionTokens(Duration.ofHours(24), Clock.fixed(now, ZoneOffset.UTC));
  }

  private static String decode(String part) {
    return new String(Base64.getUrlDecoder().decode(part), StandardCharsets.UTF_8);
  }
}
