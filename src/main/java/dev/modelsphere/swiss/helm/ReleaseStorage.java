package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.KubeException;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads helm's release storage: one Secret per revision, labelled {@code
 * owner=helm,name=<release>}, named {@code sh.helm.release.v1.<release>.v<revision>}. Reads select
 * by label, never scan.
 */
public final class ReleaseStorage {

  private static final String SECRET_PREFIX = "sh.helm.release.v1.";

  private final KubernetesClient client;

  public ReleaseStorage(KubernetesClient client) {
    this.client = client;
  }

  /** The newest revision of the release, empty when helm stores none. */
  public Optional<ReleaseRecord> newest(String namespace, String release) {
    return secrets(namespace, release).stream()
        .max(Comparator.comparingInt(ReleaseStorage::revisionOf))
        .map(secret -> decode(secret, namespace, release));
  }

  /**
   * The newest revision of the release, when {@code known} was the newest a moment ago (0: there
   * was none). Read by name: a GET is a quorum read from etcd, while a LIST right after a write to
   * another kind waits for the API server's watch cache to catch up (80 ms here, after a Lease is
   * taken). Helm numbers each new revision one past the newest, so {@code known + 1} missing and
   * {@code known} present means {@code known} is still the newest; anything else is listed. A
   * release that had none a moment ago and has no revision 1 still has none: one made meanwhile
   * starts at 1, and only a release older than the look (whose first revisions helm pruned) could
   * lack it.
   */
  public Optional<ReleaseRecord> newestSince(String namespace, String release, int known) {
    if (known <= 0) {
      return byName(namespace, release, 1).isPresent()
          ? newest(namespace, release)
          : Optional.empty();
    }
    if (byName(namespace, release, known + 1).isPresent()) {
      return newest(namespace, release);
    }
    Optional<Secret> still = byName(namespace, release, known);
    return still.isPresent()
        ? still.map(secret -> decode(secret, namespace, release))
        : newest(namespace, release);
  }

  private Optional<Secret> byName(String namespace, String release, int revision) {
    String name = SECRET_PREFIX + release + ".v" + revision;
    try {
      return Optional.ofNullable(client.secrets().inNamespace(namespace).withName(name).get());
    } catch (KubernetesClientException e) {
      throw new HelmException(
          ErrorKind.UPSTREAM_FAILED,
          "read helm release secret %s/%s: %s"
              .formatted(namespace, name, KubeException.describe(e)),
          e);
    }
  }

  /** One stored revision of the release, empty when helm no longer keeps it. */
  public Optional<ReleaseRecord> revision(String namespace, String release, int revision) {
    return secrets(namespace, release).stream()
        .filter(secret -> revisionOf(secret) == revision)
        .findFirst()
        .map(secret -> decode(secret, namespace, release));
  }

  /** Every revision helm keeps for the release, oldest first. */
  public List<Integer> revisions(String namespace, String release) {
    return secrets(namespace, release).stream().map(ReleaseStorage::revisionOf).sorted().toList();
  }

  private List<Secret> secrets(String namespace, String release) {
    try {
      return client
          .secrets()
          .inNamespace(namespace)
          .withLabels(Map.of("owner", "helm", "name", release))
          .list()
          .getItems();
    } catch (KubernetesClientException e) {
      throw new HelmException(
          ErrorKind.UPSTREAM_FAILED,
          "list helm release secrets for "
              + namespace
              + "/"
              + release
              + ": "
              + KubeException.describe(e),
          e);
    }
  }

  /**
   * The revision one of helm's Secrets stores, for a Secret read elsewhere (a watch). The release
   * is named by the Secret's {@code name} label; a payload that cannot be decoded gives an {@link
   * ReleaseRecord#undecodable} record.
   */
  public static ReleaseRecord decode(Secret secret) {
    Map<String, String> labels = secret.getMetadata().getLabels();
    String release = labels == null ? null : labels.get("name");
    return decode(secret, secret.getMetadata().getNamespace(), release == null ? "" : release);
  }

  private static ReleaseRecord decode(Secret secret, String namespace, String release) {
    int revision = revisionOf(secret);
    String payload = secret.getData() == null ? null : secret.getData().get("release");
    if (payload == null) {
      return ReleaseRecord.undecodable(
          release,
          namespace,
          revision,
          "secret " + secret.getMetadata().getName() + " has no release key");
    }
    try {
      byte[] apiDecoded = Base64.getDecoder().decode(payload.getBytes(StandardCharsets.US_ASCII));
      return ReleasePayload.decode(apiDecoded, release, namespace, revision);
    } catch (IllegalArgumentException | HelmException e) {
      // Unreadable but present: the release exists even if swiss cannot read its details.
      return ReleaseRecord.undecodable(
          release,
          namespace,
          revision,
          "secret " + secret.getMetadata().getName() + ": " + e.getMessage());
    }
  }

  /** The revision from the {@code version} label, else from the name's {@code .v<n>} suffix. */
  public static int revisionOf(Secret secret) {
    Map<String, String> labels = secret.getMetadata().getLabels();
    String label = labels == null ? null : labels.get("version");
    Integer fromLabel = parse(label);
    if (fromLabel != null) {
      return fromLabel;
    }
    String name = secret.getMetadata().getName();
    int dot = name.lastIndexOf(".v");
    Integer fromName = dot < 0 ? null : parse(name.substring(dot + 2));
    return fromName == null ? 0 : fromName;
  }

  private static Integer parse(String s) {
    if (s == null || s.isEmpty()) {
      return null;
    }
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
