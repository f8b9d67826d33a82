package dev.modelsphere.swiss.helm;

/**
 * One field of one object that another field manager owns, as server-side apply reports it: the
 * object ({@code deployment/qwen}), the field ({@code .spec.replicas}) and the manager.
 */
public record FieldConflict(String object, String field, String manager) {

  /** "deployment/qwen .spec.replicas (owned by kubectl)". */
  public String describe() {
    return "%s %s (owned by %s)"
        .formatted(object, field, manager.isEmpty() ? "another manager" : manager);
  }
}
