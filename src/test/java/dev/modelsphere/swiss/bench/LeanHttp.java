package dev.modelsphere.swiss.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmarks' HTTP client: a request written in one piece on a kept-alive socket, one per
 * thread and server, and the answer read by its length or its chunks. What a request costs a lean
 * client, so the figure is the server's: the JDK's {@code HttpURLConnection} took 1-2 ms more per
 * plan right after an apply in {@code bench/apply.sh} than Python's {@code http.client} against the
 * same server, most of it its own code run cold. It speaks only what {@code swiss serve} answers
 * (HTTP/1.1, a length or chunks, no compression); anything else is an {@link IOException}.
 */
final class LeanHttp {
  /** An answer: its status and its body as text. */
  record Answer(int status, String body) {}

  private static final int TIMEOUT_MILLIS = 180_000;

  private final ThreadLocal<Map<URI, Connection>> connections =
      ThreadLocal.withInitial(HashMap::new);

  /**
   * POSTs {@code body} as JSON to {@code base + path}. A kept connection the server has closed
   * meanwhile (its idle timeout) is opened again once, when nothing of an answer had come.
   */
  Answer post(URI base, String path, byte[] body) throws IOException {
    Map<URI, Connection> open = connections.get();
    Connection kept = open.remove(base);
    if (kept != null) {
      try {
        return keep(open, base, kept, kept.exchange(path, body));
      } catch (ClosedBeforeAnswer closed) {
        kept.close();
      }
    }
    Connection fresh = Connection.open(base);
    try {
      return keep(open, base, fresh, fresh.exchange(path, body));
    } catch (IOException e) {
      fresh.close();
      throw e;
    }
  }

  private static Answer keep(Map<URI, Connection> open, URI base, Connection c, Exchanged done) {
    if (done.keepAlive()) {
      open.put(base, c);
    } else {
      c.close();
    }
    return done.answer();
  }

  private record Exchanged(Answer answer, boolean keepAlive) {}

  /** The server closed a kept connection before any byte of the answer. */
  private static final class ClosedBeforeAnswer extends IOException {
    ClosedBeforeAnswer() {
      super("the server closed the connection before answering");
    }
  }

  private record Connection(Socket socket, InputStream in, OutputStream out, String host) {
    static Connection open(URI base) throws IOException {
      Socket socket = new Socket();
      socket.setTcpNoDelay(true);
      socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
      socket.setSoTimeout(TIMEOUT_MILLIS);
      return new Connection(
          socket,
          new BufferedInputStream(socket.getInputStream(), 16 * 1024),
          socket.getOutputStream(),
          base.getHost() + ":" + base.getPort());
    }

    Exchanged exchange(String path, byte[] body) throws IOException {
      String head =
          "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
              .formatted(path, host, body.length);
      byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
      byte[] request = new byte[headBytes.length + body.length];
      System.arraycopy(headBytes, 0, request, 0, headBytes.length);
      System.arraycopy(body, 0, request, headBytes.length, body.length);
      String statusLine;
      try {
        out.write(request);
        out.flush();
        statusLine = line(true);
      } catch (ClosedBeforeAnswer closed) {
        throw closed;
      } catch (java.net.SocketException reset) {
        // A kept connection the server dropped: the write or the first read is refused.
        throw new ClosedBeforeAnswer();
      }
      String[] parts = statusLine.split(" ", 3);
      if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
        throw new IOException("not an HTTP/1.x status line: " + statusLine);
      }
      int status = Integer.parseInt(parts[1]);
      Map<String, String> headers = new HashMap<>();
      for (String line = line(false); !line.isEmpty(); line = line(false)) {
        int colon = line.indexOf(':');
        if (colon > 0) {
          headers.put(
              line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
              line.substring(colon + 1).strip());
        }
      }
      String text = new String(body(headers), StandardCharsets.UTF_8);
      boolean keepAlive =
          !"close".equalsIgnoreCase(headers.getOrDefault("connection", ""))
              && parts[0].equals("HTTP/1.1");
      return new Exchanged(new Answer(status, text), keepAlive);
    }

    private byte[] body(Map<String, String> headers) throws IOException {
      if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int size = chunkSize(); size > 0; size = chunkSize()) {
          all.write(in.readNBytes(size));
          line(false); // the chunk's CRLF
        }
        for (String trailer = line(false); !trailer.isEmpty(); trailer = line(false)) {
          // trailers carry nothing the benchmark reads
        }
        return all.toByteArray();
      }
      String length = headers.get("content-length");
      if (length == null) {
        throw new IOException("an answer with neither a length nor chunks");
      }
      byte[] bytes = in.readNBytes(Integer.parseInt(length));
      if (bytes.length < Integer.parseInt(length)) {
        throw new EOFException(
            "the answer ended after " + bytes.length + " of " + length + " bytes");
      }
      return bytes;
    }

    private int chunkSize() throws IOException {
      String line = line(false);
      int extension = line.indexOf(';');
      return Integer.parseInt((extension < 0 ? line : line.substring(0, extension)).strip(), 16);
    }

    /** One line without its CRLF; {@code first} says a closed stream means no answer at all. */
    private String line(boolean first) throws IOException {
      StringBuilder line = new StringBuilder();
      for (int b = in.read(); b != '\n'; b = in.read()) {
        if (b < 0) {
          if (first && line.isEmpty()) {
            throw new ClosedBeforeAnswer();
          }
          throw new EOFException("the answer ended mid-line: " + line);
        }
        if (b != '\r') {
          line.append((char) b);
        }
      }
      return line.toString();
    }

    void close() {
      try {
        socket.close();
      } catch (IOException ignored) {
        // a connection being dropped: nothing to do about it failing to close
      }
    }
  }
}
