package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.helm.ManifestObjects;
import dev.modelsphere.swiss.helm.ObjectKey;
import dev.modelsphere.swiss.helm.ReleaseRecord;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code GET /api/releases/{namespace}/{release}/objects} (reference server.md §6.4): the
 * ModelRoute, LLMScaler and LLMSLORequirement the release's last manifest created, read live one by
 * one, so a page can show what the route and scaler controllers made of them.
 */
public final class ObjectsView {
  /** The kinds whose live state matters to a release's page; everything else helm shows. */
  static final Set<String> WATCHED_KINDS = Set.of("ModelRoute", "LLMScaler", "LLMSLORequirement");

  private final Kube kube;
  private final ReleaseStorage storage;

  public ObjectsView(Kube kube) {
    this.kube = kube;
    this.storage = new ReleaseStorage(kube.client());
  }

  /**
   * @throws DeployException {@link ErrorKind#UNAVAILABLE} when helm's storage cannot be read
   */
  public ObjectsReport objects(String namespace, String release) {
    Optional<ReleaseRecord> record = storage.newest(namespace, release);
    List<ObjectsReport.Entry> entries = new ArrayList<>();
    for (ObjectKey key : watched(record.map(ReleaseRecord::manifest).orElse(""), namespace)) {
      entries.add(read(key));
    }
    return new ObjectsReport(entries);
  }

  private static List<ObjectKey> watched(String manifest, String namespace) {
    try {
      return ManifestObjects.parse(manifest, namespace).keySet().stream()
          .filter(key -> WATCHED_KINDS.contains(key.kind()) && !key.name().isEmpty())
          .toList();
    } catch (HelmException unreadable) {
      // A manifest swiss cannot parse names nothing it could look up.
      return List.of();
    }
  }

  private ObjectsReport.Entry read(ObjectKey key) {
    ObjectsReport.Ref ref =
        new ObjectsReport.Ref(key.apiVersion(), key.kind(), key.namespace(), key.name());
    try {
      return kube.object(key.apiVersion(), key.kind(), key.namespace(), key.name())
          .map(live -> new ObjectsReport.Entry(ref, live(live), false, ""))
          .orElseGet(() -> new ObjectsReport.Entry(ref, null, true, ""));
    } catch (KubeException e) {
      String error =
          e.status() == 403
              ? "swissd may not read %s in %s: upgrade the swiss chart, which grants it"
                  .formatted(key.kind(), key.namespace())
              : e.getMessage();
      return new ObjectsReport.Entry(ref, null, false, error);
    }
  }

  @SuppressWarnings("unchecked")
  private static ObjectsReport.Live live(Map<String, Object> object) {
    Map<String, Object> metadata =
        object.get("metadata") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    return new ObjectsReport.Live(
        metadata.get("generation") instanceof Number n ? n.longValue() : 0,
        metadata.get("creationTimestamp") == null
            ? ""
            : metadata.get("creationTimestamp").toString(),
        object.get("spec") instanceof Map<?, ?> spec ? (Map<String, Object>) spec : null,
        object.get("status") instanceof Map<?, ?> status ? (Map<String, Object>) status : null);
  }
}
