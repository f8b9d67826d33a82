package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.kube.Kube;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/** Writes release Secrets the way helm's storage driver does, to set up states helm would leave. */
public final class HelmSecrets {

  private HelmSecrets() {}

  /** Revision {@code revision} of {@code release} in helm's {@code status}. */
  public static void store(
      Kube kube, String namespace, String release, int revision, String status) {
    String json =
        "{\"name\":\""
            + release
            + "\",\"namespace\":\""
            + namespace
            + "\",\"version\":"
            + revision
            + ",\"info\":{\"status\":\""
            + status
            + "\"},"
            + "\"chart\":{\"metadata\":{\"name\":\"sglang\",\"version\":\"0.8.0\"}},\"manifest\":\"\"}";
    byte[] gz = ReleasePayloadTest.gzip(json.getBytes(StandardCharsets.UTF_8));
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
