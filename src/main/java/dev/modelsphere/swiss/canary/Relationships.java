package dev.modelsphere.swiss.canary;

import dev.modelsphere.swiss.config.CanaryKeys;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Map;

/**
 * Derives an LLMService's Canary relationship from its metadata: uid, labels, annotations and
 * ownerReferences. No other read is needed, and none is made.
 *
 * <p>Ownership wins over assignment. Metadata that is present but incomplete or malformed keeps the
 * association and says {@code verified: false}; it never degrades to standalone.
 */
public final class Relationships {
  private final CanaryKeys keys;
  private final Ownership ownership;

  public Relationships(CanaryKeys keys) {
    this.keys = keys;
    this.ownership = new Ownership(keys);
  }

  public Relationship of(ObjectMeta meta) {
    Map<String, String> annotations =
        meta.getAnnotations() == null ? Map.of() : meta.getAnnotations();
    CanaryParent assignedTo = null;
    if (annotations.containsKey(keys.assignmentAnnotation())) {
      assignedTo =
          Assignment.parse(
              annotations.get(keys.assignmentAnnotation()), Ownership.text(meta.getNamespace()));
    }
    if (ownership.hasEvidence(meta)) {
      return new Relationship(CanaryState.OWNED, ownership.managedBy(meta), assignedTo);
    }
    if (assignedTo != null) {
      return new Relationship(CanaryState.REFERENCED, null, assignedTo);
    }
    return Relationship.STANDALONE;
  }
}
