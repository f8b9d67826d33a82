package dev.modelsphere.swiss.server.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.security.SecureRandom;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Date;

/**
 * Session tokens as the reference makes them: compact HS256 JWS with {@code sub}, {@code iat},
 * {@code exp} (unix seconds) and {@code pv}, the password version they were issued under; and
 * {@code jti}, the session's id, by which a logout revokes it. A token refreshed for the same
 * session keeps its id, so the logout revokes the tokens the session was given before too.
 */
public final class SessionTokens {
  static final String PASSWORD_VERSION = "pv";

  /** 128 random bits: no two sessions share an id, and none can be guessed. */
  private static final int TOKEN_ID_BYTES = 16;

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Duration ttl;
  private final Clock clock;

  public SessionTokens(Duration ttl, Clock clock) {
    this.ttl = ttl;
    this.clock = clock;
  }

  /** A token just issued, and when it expires. */
  public record Issued(String token, Instant expiresAt) {}

  /** A token for a new session. */
  public Issued issue(Credentials credentials) {
    return issue(credentials, newTokenId());
  }

  /** A fresh token for {@code session}: the same id, a new expiry. */
  public Issued refresh(Session session, Credentials credentials) {
    return issue(credentials, session.tokenId());
  }

  /** How long a token lives: the longest any token issued so far can still be valid. */
  public Duration ttl() {
    return ttl;
  }

  private Issued issue(Credentials credentials, String tokenId) {
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    Instant expires = now.plus(ttl).truncatedTo(ChronoUnit.SECONDS);
    JWTClaimsSet claims =
        new JWTClaimsSet.Builder()
            .subject(credentials.username())
            .jwtID(tokenId)
            .issueTime(Date.from(now))
            .expirationTime(Date.from(expires))
            .claim(PASSWORD_VERSION, credentials.passwordVersion())
            .build();
    SignedJWT jwt =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT).build(), claims);
    try {
      jwt.sign(new MACSigner(credentials.tokenKey()));
    } catch (JOSEException e) {
      throw new AuthException("cannot sign a session token: %s".formatted(e.getMessage()), e);
    }
    return new Issued(jwt.serialize(), expires);
  }

  /**
   * The session a token stands for. The signature is checked before anything in the token is
   * believed, and the header's algorithm must be HS256 (never taken from the token as a choice).
   *
   * @throws AuthException saying why the token is refused
   */
  public Session verify(String token, Credentials credentials) {
    SignedJWT jwt;
    try {
      jwt = SignedJWT.parse(token);
    } catch (ParseException e) {
      throw new AuthException("malformed token: %s".formatted(e.getMessage()), e);
    }
    if (!signatureHolds(jwt, credentials)) {
      throw new AuthException("bad signature");
    }
    if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm())) {
      throw new AuthException(
          "unexpected algorithm \"%s\"".formatted(jwt.getHeader().getAlgorithm()));
    }
    JWTClaimsSet claims = claims(jwt);
    Date exp = claims.getExpirationTime();
    if (exp == null || exp.getTime() <= 0 || clock.instant().isAfter(exp.toInstant())) {
      throw new AuthException("token expired");
    }
    if (!credentials.passwordVersion().equals(stringClaim(claims, PASSWORD_VERSION))) {
      throw new AuthException("token issued before the password changed");
    }
    String tokenId = claims.getJWTID();
    if (tokenId == null || tokenId.isEmpty()) {
      throw new AuthException("token has no id (jti), so no logout could revoke it");
    }
    return new Session(claims.getSubject(), exp.toInstant(), tokenId);
  }

  /** Whether a session should get a fresh token: less than half its lifetime is left. */
  public boolean wantsRefresh(Session session) {
    return session.hasToken()
        && Duration.between(clock.instant(), session.expiresAt()).compareTo(ttl.dividedBy(2)) < 0;
  }

  private static String newTokenId() {
    byte[] id = new byte[TOKEN_ID_BYTES];
    RANDOM.nextBytes(id);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(id);
  }

  private static boolean signatureHolds(SignedJWT jwt, Credentials credentials) {
    try {
      return jwt.verify(new MACVerifier(credentials.tokenKey()));
    } catch (JOSEException e) {
      return false;
    }
  }

  private static JWTClaimsSet claims(SignedJWT jwt) {
    try {
      return jwt.getJWTClaimsSet();
    } catch (ParseException e) {
      throw new AuthException("unreadable claims: %s".formatted(e.getMessage()), e);
    }
  }

  private static String stringClaim(JWTClaimsSet claims, String name) {
    try {
      return claims.getStringClaim(name);
    } catch (ParseException e) {
      return null;
    }
  }
}
