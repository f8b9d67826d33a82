package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Decodes the {@code release} payload helm stores in its Secrets: base64 of gzip of JSON. Client
 * libraries differ in whether the API's own base64 layer is already removed, so both one and two
 * base64 layers are accepted, and so is JSON that was never gzipped.
 */
public final class ReleasePayload {

  private static final ObjectMapper JSON = JsonMappers.LONG_INTEGERS;
  private static final TypeReference<Map<String, Object>> TREE = new TypeReference<>() {};
  private static final int MAX_LAYERS = 3;

  private ReleasePayload() {}

  /**
   * The release in {@code payload}, filling name and namespace from the Secret when the payload
   * leaves them out.
   *
   * @throws HelmException when the payload is not a helm release in any known encoding
   */
  public static ReleaseRecord decode(
      byte[] payload, String secretName, String secretNamespace, int labelRevision) {
    JsonNode release = parse(unwrap(payload));
    String name = text(release, "name", secretName);
    String namespace = text(release, "namespace", secretNamespace);
    int revision = release.path("version").asInt(0);
    JsonNode info = release.path("info");
    JsonNode metadata = release.path("chart").path("metadata");
    Map<String, Object> config =
        release.path("config").isObject()
            ? JSON.convertValue(release.get("config"), TREE)
            : Map.of();
    return new ReleaseRecord(
        name,
        namespace,
        revision == 0 ? labelRevision : revision,
        info.path("status").asText(""),
        metadata.path("name").asText(""),
        metadata.path("version").asText(""),
        info.path("last_deployed").asText(""),
        release.path("manifest").asText(""),
        config,
        "");
  }

  private static byte[] unwrap(byte[] payload) {
    byte[] data = payload;
    for (int layer = 0; layer <= MAX_LAYERS; layer++) {
      if (isGzip(data)) {
        return gunzip(data);
      }
      if (looksLikeJson(data)) {
        return data;
      }
      data = base64(data);
    }
    throw new HelmException(
        ErrorKind.UPSTREAM_FAILED, "release payload is neither JSON, gzip nor base64 of either");
  }

  private static boolean isGzip(byte[] data) {
    return data.length > 2 && (data[0] & 0xff) == 0x1f && (data[1] & 0xff) == 0x8b;
  }

  private static boolean looksLikeJson(byte[] data) {
    for (byte b : data) {
      if (!Character.isWhitespace(b)) {
        return b == '{';
      }
    }
    return false;
  }

  private static byte[] base64(byte[] data) {
    try {
      return Base64.getMimeDecoder().decode(data);
    } catch (IllegalArgumentException e) {
      throw new HelmException(
          ErrorKind.UPSTREAM_FAILED, "release payload is not base64: " + e.getMessage(), e);
    }
  }

  private static byte[] gunzip(byte[] data) {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(data))) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new HelmException(
          ErrorKind.UPSTREAM_FAILED, "release payload is damaged gzip: " + e.getMessage(), e);
    }
  }

  private static JsonNode parse(byte[] json) {
    try {
      JsonNode node = JSON.readTree(json);
      if (node == null || !node.isObject()) {
        throw new HelmException(ErrorKind.UPSTREAM_FAILED, "release payload is not a JSON object");
      }
      return node;
    } catch (IOException e) {
      throw new HelmException(
          ErrorKind.UPSTREAM_FAILED, "release payload is not JSON: " + e.getMessage(), e);
    }
  }

  private static String text(JsonNode node, String field, String fallback) {
    String value = node.path(field).asText("");
    return value.isEmpty() ? fallback : value;
  }
}
