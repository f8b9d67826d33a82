package dev.modelsphere.swiss.canary;

import dev.modelsphere.swiss.config.CanaryKeys;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Who owns a service, from its Canary ownerReferences or, lacking those, its ownership labels.
 * Verified only when a controller ownerReference with a uid names one canary and the labels, when
 * present, agree with it.
 */
final class Ownership {
  private final CanaryKeys keys;

  Ownership(CanaryKeys keys) {
    this.keys = keys;
  }

  /** The Canary ownerReferences, any version of the Canary group, in name order. */
  List<OwnerReference> canaryOwners(ObjectMeta meta) {
    List<OwnerReference> owners = new ArrayList<>();
    for (OwnerReference ref : nullSafe(meta.getOwnerReferences())) {
      if (keys.kind().equals(ref.getKind()) && keys.group().equals(group(ref.getApiVersion()))) {
        owners.add(ref);
      }
    }
    owners.sort(Comparator.comparing(ref -> text(ref.getName())));
    return owners;
  }

  boolean hasEvidence(ObjectMeta meta) {
    return !canaryOwners(meta).isEmpty() || labels(meta).containsKey(keys.nameLabel());
  }

  CanaryParent managedBy(ObjectMeta meta) {
    List<OwnerReference> owners = canaryOwners(meta);
    if (owners.isEmpty()) {
      return fromLabels(meta);
    }
    OwnerReference chosen =
        owners.stream().filter(Ownership::isController).findFirst().orElse(owners.get(0));
    String reason = doubts(meta, chosen, owners);
    return new CanaryParent(
        text(chosen.getApiVersion()),
        text(chosen.getKind()),
        text(meta.getNamespace()),
        text(chosen.getName()),
        text(chosen.getUid()),
        label(meta, keys.armLabel()),
        reason.isEmpty(),
        reason);
  }

  private CanaryParent fromLabels(ObjectMeta meta) {
    String namespace = label(meta, keys.namespaceLabel());
    if (namespace.isEmpty()) {
      namespace = text(meta.getNamespace());
    }
    return new CanaryParent(
        keys.apiVersion(),
        keys.kind(),
        namespace,
        label(meta, keys.nameLabel()),
        "",
        label(meta, keys.armLabel()),
        false,
        "owned by labels only: no controller ownerReference to a " + keys.kind());
  }

  /** Everything that keeps an ownerReference from being trusted; empty when nothing does. */
  private String doubts(ObjectMeta meta, OwnerReference chosen, List<OwnerReference> owners) {
    List<String> doubts = new ArrayList<>();
    if (!isController(chosen)) {
      doubts.add("the " + keys.kind() + " ownerReference is not the controller");
    }
    if (text(chosen.getUid()).isEmpty()) {
      doubts.add("the " + keys.kind() + " ownerReference has no uid");
    }
    owners.stream()
        .map(ref -> text(ref.getName()))
        .filter(name -> !name.equals(text(chosen.getName())))
        .findFirst()
        .ifPresent(other -> doubts.add("a second " + keys.kind() + " also owns it: " + other));
    Map<String, String> labels = labels(meta);
    String nameLabel = labels.get(keys.nameLabel());
    if (nameLabel != null && !nameLabel.equals(text(chosen.getName()))) {
      doubts.add("label " + keys.nameLabel() + " says \"" + nameLabel + "\"");
    }
    String nsLabel = labels.get(keys.namespaceLabel());
    if (nsLabel != null && !nsLabel.equals(text(meta.getNamespace()))) {
      doubts.add("label " + keys.namespaceLabel() + " says \"" + nsLabel + "\"");
    }
    return String.join("; ", doubts);
  }

  private static boolean isController(OwnerReference ref) {
    return Boolean.TRUE.equals(ref.getController());
  }

  private static String group(String apiVersion) {
    String v = text(apiVersion);
    int slash = v.indexOf('/');
    return slash < 0 ? "" : v.substring(0, slash);
  }

  private static String label(ObjectMeta meta, String key) {
    return text(labels(meta).get(key));
  }

  private static Map<String, String> labels(ObjectMeta meta) {
    return meta.getLabels() == null ? Map.of() : meta.getLabels();
  }

  private static <T> List<T> nullSafe(List<T> list) {
    return list == null ? List.of() : list;
  }

  static String text(String s) {
    return s == null ? "" : s;
  }
}
