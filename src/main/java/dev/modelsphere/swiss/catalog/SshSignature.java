package dev.modelsphere.swiss.catalog;

import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import java.util.Base64;

/**
 * A detached SSH signature ({@code ssh-keygen -Y sign}, OpenSSH's PROTOCOL.sshsig) of a catalog's
 * index, checked against the one Ed25519 key the catalog is configured to trust. Ed25519 alone: it
 * is what {@code ssh-keygen -t ed25519} makes, and the JDK verifies it without a provider.
 *
 * <p>Why SSH signatures rather than Sigstore or minisign: a catalog's publisher already has {@code
 * ssh-keygen}, the key is one line to paste into a profile, signing needs no service and no
 * network, and verifying is one JDK call on a format of six fields.
 */
public final class SshSignature {
  /** What the signer passes as {@code -n}: a signature made for anything else does not count. */
  public static final String NAMESPACE = "swiss-catalog";

  private static final String ARMOR_BEGIN = "-----BEGIN SSH SIGNATURE-----";
  private static final String ARMOR_END = "-----END SSH SIGNATURE-----";
  private static final byte[] MAGIC = "SSHSIG".getBytes(StandardCharsets.US_ASCII);
  private static final String ED25519 = "ssh-ed25519";

  private SshSignature() {}

  /**
   * Checks that {@code armored} is a signature of {@code message} by {@code trustedKey}.
   *
   * @param trustedKey an OpenSSH public key line: {@code ssh-ed25519 AAAA... [comment]}
   * @throws CatalogException naming what is wrong: an unreadable signature, another signer, another
   *     namespace, or a message that is not the one signed (a tampered index)
   */
  public static void verify(byte[] message, String armored, String trustedKey) {
    byte[] trusted = keyBlob(trustedKey);
    ByteBuffer sig = ByteBuffer.wrap(unarmor(armored));
    try {
      byte[] magic = new byte[MAGIC.length];
      sig.get(magic);
      if (!Arrays.equals(magic, MAGIC) || sig.getInt() != 1) {
        throw new CatalogException("the signature is not an SSH signature (version 1)");
      }
      byte[] signer = string(sig);
      String namespace = text(string(sig));
      byte[] reserved = string(sig);
      String hashAlgorithm = text(string(sig));
      ByteBuffer signature = ByteBuffer.wrap(string(sig));
      if (!Arrays.equals(signer, trusted)) {
        throw new CatalogException(
            "the index is signed by another key (%s), not the catalog's trusted signer (%s)"
                .formatted(fingerprint(signer), fingerprint(trusted)));
      }
      if (!NAMESPACE.equals(namespace)) {
        throw new CatalogException(
            "the signature was made for \"%s\", not for a swiss catalog: sign with -n %s"
                .formatted(namespace, NAMESPACE));
      }
      if (!text(string(signature)).equals(ED25519)) {
        throw new CatalogException("the signature is not an Ed25519 one");
      }
      byte[] signed =
          signedData(namespace, reserved, hashAlgorithm, digest(hashAlgorithm, message));
      if (!ed25519(publicKey(trusted), signed, string(signature))) {
        throw new CatalogException(
            "the signature does not match the index: the index was changed after it was signed");
      }
    } catch (BufferUnderflowException e) {
      throw new CatalogException("the signature is cut short", e);
    }
  }

  /** What ssh-keygen signs: the magic, the namespace, the hash algorithm and the message's hash. */
  private static byte[] signedData(
      String namespace, byte[] reserved, String hashAlgorithm, byte[] hash) {
    byte[] ns = namespace.getBytes(StandardCharsets.UTF_8);
    byte[] alg = hashAlgorithm.getBytes(StandardCharsets.US_ASCII);
    ByteBuffer out =
        ByteBuffer.allocate(
            MAGIC.length + 16 + ns.length + reserved.length + alg.length + hash.length);
    out.put(MAGIC);
    for (byte[] field : new byte[][] {ns, reserved, alg, hash}) {
      out.putInt(field.length).put(field);
    }
    return out.array();
  }

  private static byte[] digest(String algorithm, byte[] message) {
    String jdk =
        switch (algorithm) {
          case "sha512" -> "SHA-512";
          case "sha256" -> "SHA-256";
          default ->
              throw new CatalogException(
                  "the signature hashes with %s; only sha256 and sha512 are read"
                      .formatted(algorithm));
        };
    try {
      return MessageDigest.getInstance(jdk).digest(message);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(jdk + " is missing from this JDK", e);
    }
  }

  private static boolean ed25519(PublicKey key, byte[] signed, byte[] signature) {
    try {
      Signature verifier = Signature.getInstance("Ed25519");
      verifier.initVerify(key);
      verifier.update(signed);
      return verifier.verify(signature);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  /** The key's blob ({@code string "ssh-ed25519", string key}) from its OpenSSH line. */
  static byte[] keyBlob(String line) {
    String[] parts = line == null ? new String[0] : line.strip().split("\\s+");
    if (parts.length < 2 || !parts[0].equals(ED25519)) {
      throw new CatalogException(
          "the catalog's signer is not an Ed25519 public key line (ssh-ed25519 AAAA...)");
    }
    try {
      byte[] blob = Base64.getDecoder().decode(parts[1]);
      ByteBuffer buffer = ByteBuffer.wrap(blob);
      if (!text(string(buffer)).equals(ED25519) || string(buffer).length != 32) {
        throw new CatalogException("the catalog's signer is not a whole Ed25519 key");
      }
      return blob;
    } catch (IllegalArgumentException | BufferUnderflowException e) {
      throw new CatalogException("the catalog's signer key is not valid base64 of a key", e);
    }
  }

  /** The JDK's key for an Ed25519 blob: RFC 8032's little-endian y with x's parity on top. */
  private static PublicKey publicKey(byte[] blob) {
    ByteBuffer buffer = ByteBuffer.wrap(blob);
    string(buffer);
    byte[] raw = string(buffer);
    boolean xOdd = (raw[31] & 0x80) != 0;
    byte[] y = raw.clone();
    y[31] &= 0x7f;
    for (int i = 0; i < 16; i++) {
      byte t = y[i];
      y[i] = y[31 - i];
      y[31 - i] = t;
    }
    try {
      return KeyFactory.getInstance("Ed25519")
          .generatePublic(
              new EdECPublicKeySpec(
                  NamedParameterSpec.ED25519, new EdECPoint(xOdd, new BigInteger(1, y))));
    } catch (GeneralSecurityException e) {
      throw new CatalogException("the catalog's signer is not a valid Ed25519 key", e);
    }
  }

  /** {@code SHA256:...} as ssh-keygen -l prints it, so a message names keys as people see them. */
  static String fingerprint(byte[] blob) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(blob);
      return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(hash);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  private static byte[] unarmor(String armored) {
    String text = armored == null ? "" : armored.strip();
    if (!text.startsWith(ARMOR_BEGIN) || !text.endsWith(ARMOR_END)) {
      throw new CatalogException(
          "the signature is not an armored SSH signature (%s ... %s)"
              .formatted(ARMOR_BEGIN, ARMOR_END));
    }
    String body = text.substring(ARMOR_BEGIN.length(), text.length() - ARMOR_END.length());
    try {
      return Base64.getMimeDecoder().decode(body);
    } catch (IllegalArgumentException e) {
      throw new CatalogException("the signature is not valid base64", e);
    }
  }

  private static byte[] string(ByteBuffer buffer) {
    int length = buffer.getInt();
    if (length < 0 || length > buffer.remaining()) {
      throw new BufferUnderflowException();
    }
    byte[] out = new byte[length];
    buffer.get(out);
    return out;
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
