package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class ReleasePayloadTest {

  private static final String RELEASE_JSON =
      """
      {"name":"qwen","namespace":"serving","version":4,
       "info":{"status":"deployed","last_deployed":"2026-11-30T01:02:03Z"},
       "chart":{"metadata":{"name":"sglang","version":"0.8.0"}},
       "config":{"replicaCount":2,"image":{"tag":"v1"}},
       "manifest":"---\\nkind: Service\\n"}
      """;

  @Test
  void helmsOwnEncodingBase64OfGzipIsDecoded() {
    byte[] payload = base64(gzip(RELEASE_JSON.getBytes(StandardCharsets.UTF_8)));

    ReleaseRecord record = ReleasePayload.decode(payload, "secret-name", "secret-ns", 0);

    assertThat(record.name()).isEqualTo("qwen");
    assertThat(record.namespace()).isEqualTo("serving");
    assertThat(record.revision()).isEqualTo(4);
    assertThat(record.status()).isEqualTo("deployed");
    assertThat(record.chart()).isEqualTo("sglang-0.8.0");
    assertThat(record.lastDeployed()).isEqualTo("2026-11-30T01:02:03Z");
    assertThat(record.manifest()).contains("kind: Service");
    assertThat(record.config()).containsEntry("replicaCount", 2L);
    assertThat(record.readable()).isTrue();
  }

  @Test
  void aSecondBase64LayerLeftByTheClientIsTolerated() {
    byte[] payload = base64(base64(gzip(RELEASE_JSON.getBytes(StandardCharsets.UTF_8))));

    assertThat(ReleasePayload.decode(payload, "x", "y", 0).revision()).isEqualTo(4);
  }

  @Test
  void jsonThatWasNeverGzippedIsTolerated() {
    byte[] payload = base64(RELEASE_JSON.getBytes(StandardCharsets.UTF_8));

    assertThat(ReleasePayload.decode(payload, "x", "y", 0).status()).isEqualTo("deployed");
  }

  @Test
  void missingNameAndNamespaceAndRevisionComeFromTheSecret() {
    byte[] payload =
        base64(
            gzip("{\"info\":{\"status\":\"pending-upgrade\"}}".getBytes(StandardCharsets.UTF_8)));

    ReleaseRecord record = ReleasePayload.decode(payload, "qwen", "serving", 7);

    assertThat(record.name()).isEqualTo("qwen");
    assertThat(record.namespace()).isEqualTo("serving");
    assertThat(record.revision()).isEqualTo(7);
    assertThat(record.pending()).isTrue();
  }

  @Test
  void aPayloadInNoKnownEncodingIsAnError() {
    assertThatThrownBy(
            () ->
                ReleasePayload.decode(
                    "!!not a release!!".getBytes(StandardCharsets.UTF_8), "q", "s", 1))
        .isInstanceOf(HelmException.class);
  }

  static byte[] gzip(byte[] data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return out.toByteArray();
  }

  static byte[] base64(byte[] data) {
    return Base64.getEncoder().encode(data);
  }
}
