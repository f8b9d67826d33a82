package dev.modelsphere.swiss.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.0 request written byte by byte to a loopback port, headers exactly as given: what a
 * browser sends when a page elsewhere calls the server, {@code Host} included, which {@code
 * java.net.http} will not let a caller choose. HTTP/1.0, so the answer ends with the connection and
 * comes without chunks.
 */
public final class HandWrittenRequest {
  /** The answer: its status, its headers by lower-case name, its body. */
  public record Answer(int status, Map<String, String> headers, String body) {
    public String header(String name) {
      return headers.getOrDefault(name.toLowerCase(Locale.ROOT), "");
    }
  }

  private HandWrittenRequest() {}

  /**
   * @param headers name and value pairs, sent in this order; {@code Content-Length} is added for a
   *     body
   */
  public static Answer send(int port, String method, String path, String body, String... headers) {
    StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.0\r\n");
    for (int i = 0; i < headers.length; i += 2) {
      head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
    }
    byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    if (body != null) {
      head.append("Content-Length: ").append(content.length).append("\r\n");
    }
    head.append("\r\n");
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      socket.setSoTimeout(60_000);
      OutputStream out = socket.getOutputStream();
      out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.write(content);
      out.flush();
      return parse(socket.getInputStream().readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("%s %s to port %d".formatted(method, path, port), e);
    }
  }

  private static Answer parse(byte[] raw) {
    String text = new String(raw, StandardCharsets.UTF_8);
    int end = text.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new AssertionError("no HTTP answer: " + text);
    }
    String[] lines = text.substring(0, end).split("\r\n");
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.put(
          lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
          lines[i].substring(colon + 1).strip());
    }
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    return new Answer(status, headers, text.substring(end + 4));
  }
}
