package dev.modelsphere.swiss.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * A catalog's publisher, played with OpenSSH's own {@code ssh-keygen} (hack/openssh installs it): a
 * copy of the fixture catalog to publish, Ed25519 keys, serials and detached signatures, made as a
 * publisher makes them.
 */
public final class SignedCatalogs {
  /** An Ed25519 key pair: the private key's file and the public key's OpenSSH line. */
  public record Key(Path file, String publicLine) {}

  private SignedCatalogs() {}

  /** The shared fixture catalog copied into {@code target}, to be changed and signed there. */
  public static Path copyOfTheFixture(Path target) {
    Path fixture = SharedFixtures.modelCatalog();
    try (Stream<Path> files = Files.walk(fixture)) {
      for (Path file : files.toList()) {
        Path copy = target.resolve(fixture.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(copy);
        } else {
          Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target;
  }

  /** A new key pair in {@code dir}, commented with {@code name}. */
  public static Key newKey(Path dir, String name) {
    Path file = dir.resolve(name);
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", file.toString());
    try {
      return new Key(file, Files.readString(dir.resolve(name + ".pub")).strip());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Gives the catalog's index serial {@code n}, as hack/catalog-index does; 0 removes it. */
  public static void serial(Path catalog, long n) {
    Path index = catalog.resolve("index.json");
    try {
      String text = Files.readString(index).replaceAll("\n  \"serial\": \\d+,", "");
      String line = n == 0 ? "" : "\n  \"serial\": " + n + ",";
      Files.writeString(
          index, text.replaceFirst("(\"apiVersion\": \"catalog.swiss/v1\",)", "$1" + line));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Signs the index as a publisher does, for {@code namespace}: {@code index.json.sig} beside it.
   */
  public static void sign(Path catalog, Key key, String namespace) {
    Path index = catalog.resolve("index.json");
    try {
      Files.deleteIfExists(catalog.resolve("index.json.sig"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    run("ssh-keygen", "-Y", "sign", "-f", key.file().toString(), "-n", namespace, index.toString());
  }

  private static void run(String... command) {
    try {
      Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes());
      assertThat(process.waitFor()).as("%s: %s", String.join(" ", command), output).isZero();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
