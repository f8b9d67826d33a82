package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.kube.Kube;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/** Writes release Secrets the way helm's storage driver does, to set up states helm would leave. */
public final class HelmSecrets {
  private static final ObjectMapper JSON = new ObjectMapper();

  private HelmSecrets() {}

  /** Revision {@code revision} of {@code release} in helm's {@code status}. */
  public static void store(
      Kube kube, String namespace, String release, int revision, String status) {
    store(kube, namespace, release, revision, status, "");
  }

  /** The same, its stored manifest {@code manifest}. */
  public static void store(
      Kube kube, String namespace, String release, int revision, String status, String manifest) {
    Map<String, Object> payload =
        Map.of(
            "name", release,
            "namespace", namespace,
            "version", revision,
            "info", Map.of("status", status),
            "chart", Map.of("metadata", Map.of("name", "sglang", "version", "0.8.0")),
            "manifest", manifest);
    byte[] json;
    try {
      json = JSON.writeValueAsBytes(payload);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    byte[] gz = ReleasePayloadTest.gzip(json);
    storeRaw(
        kube,
        namespace,
        release,
        revision,
        new String(Base64.getEncoder().encode(gz), StandardCharsets.US_ASCII));
  }

  /** A release Secret whose {@code release} key holds exactly {@code payload}. */
  public static void storeRaw(
      Kube kube, String namespace, String release, int revision, String payload) {
    kube.putSecret(
        namespace,
        "sh.helm.release.v1." + release + ".v" + revision,
        Map.of("release", payload),
        Map.of(
            "owner",
            "helm",
            "name",
            release,
            "version",
            Integer.toString(revision),
            "status",
            "x"));
  }
}
