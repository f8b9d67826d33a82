package dev.modelsphere.swiss.chartrepo;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

/**
 * The regular files of a gzipped tar archive (a packaged chart), read into memory. Knows what Go's
 * archive/tar writes, which is how helm packages charts: ustar headers with their name prefix, PAX
 * and GNU long names. Other entries (directories, links) are skipped.
 */
final class TarGz {
  private static final int BLOCK = 512;

  /** Archives beyond this are not charts: reading stops rather than filling memory. */
  private static final long MOST = 64L << 20;

  private TarGz() {}

  /**
   * The files whose path {@code wanted} accepts, by path, in archive order.
   *
   * @throws IOException when the archive is not gzip, is cut short, or is too large
   */
  static Map<String, byte[]> files(byte[] archive, Predicate<String> wanted) throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(archive))) {
      String longName = null;
      long total = 0;
      byte[] header;
      while ((header = block(in)) != null && !zeros(header)) {
        long size = octal(header, 124, 12);
        total += size;
        if (size < 0 || total > MOST) {
          throw new IOException("an entry of impossible size, or over %d bytes".formatted(MOST));
        }
        byte[] body = in.readNBytes((int) size);
        if (body.length != size) {
          throw new IOException("cut short");
        }
        in.skipNBytes((BLOCK - size % BLOCK) % BLOCK);
        char type = (char) header[156];
        if (type == 'x') {
          longName = paxPath(body, longName);
        } else if (type == 'L') {
          longName = text(body, 0, body.length);
        } else if (type == '0' || type == '\0') {
          String name = longName != null ? longName : ustarName(header);
          if (wanted.test(name)) {
            files.put(name, body);
          }
          longName = null;
        } else if (type != 'g') {
          longName = null;
        }
      }
    }
    return files;
  }

  private static byte[] block(InputStream in) throws IOException {
    byte[] header = in.readNBytes(BLOCK);
    if (header.length == 0) {
      return null;
    }
    if (header.length != BLOCK) {
      throw new IOException("cut short");
    }
    return header;
  }

  private static boolean zeros(byte[] block) {
    for (byte b : block) {
      if (b != 0) {
        return false;
      }
    }
    return true;
  }

  private static String ustarName(byte[] header) {
    String name = text(header, 0, 100);
    boolean ustar = text(header, 257, 5).equals("ustar");
    String prefix = ustar ? text(header, 345, 155) : "";
    return prefix.isEmpty() ? name : prefix + "/" + name;
  }

  /** The {@code path} record of a PAX header ("LEN path=VALUE\n"), else {@code otherwise}. */
  private static String paxPath(byte[] body, String otherwise) {
    for (String record : new String(body, StandardCharsets.UTF_8).split("\n")) {
      int space = record.indexOf(' ');
      if (space > 0 && record.startsWith("path=", space + 1)) {
        return record.substring(space + 1 + "path=".length());
      }
    }
    return otherwise;
  }

  private static long octal(byte[] header, int offset, int length) throws IOException {
    String digits = text(header, offset, length).strip();
    try {
      return digits.isEmpty() ? 0 : Long.parseLong(digits, 8);
    } catch (NumberFormatException e) {
      throw new IOException("an entry size that is not octal: " + digits, e);
    }
  }

  /** A NUL-terminated field. */
  private static String text(byte[] bytes, int offset, int length) {
    int end = offset;
    while (end < offset + length && bytes[end] != 0) {
      end++;
    }
    return new String(bytes, offset, end - offset, StandardCharsets.UTF_8);
  }
}
