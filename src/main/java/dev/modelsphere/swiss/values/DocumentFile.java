package dev.modelsphere.swiss.values;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.BiFunction;

/**
 * The text of a document a person points swiss at (a site profile, a plan, a kubeconfig), read
 * whole. Each caller names the document in its own exception; the reason is said here once, so a
 * missing file reads as "no such file" everywhere instead of as the JDK's exception name.
 */
public final class DocumentFile {
  private DocumentFile() {}

  /**
   * The file's text, as UTF-8.
   *
   * @param failure the exception to throw when the file cannot be read, given the reason in words
   *     and the JDK's exception as its cause
   */
  public static String read(
      Path file, BiFunction<String, IOException, ? extends RuntimeException> failure) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw failure.apply(e instanceof NoSuchFileException ? "no such file" : e.toString(), e);
    }
  }
}
