package dev.modelsphere.swiss.config;

import dev.modelsphere.swiss.values.Nulls;

/**
 * The names by which Canary experiments mark the LLMServices they own or borrow. Every part of
 * swiss that looks for a Canary relationship reads these, never literals of its own.
 *
 * @param group the Canary API group
 * @param version the Canary API version
 * @param kind the Canary kind
 * @param plural the Canary resource name
 * @param nameLabel the label naming the owning canary
 * @param namespaceLabel the label naming the owning canary's namespace
 * @param armLabel the label naming the experiment arm
 * @param assignmentAnnotation the annotation on a borrowed service: {@code [ns/]name[:arm]}
 */
public record CanaryKeys(
    String group,
    String version,
    String kind,
    String plural,
    String nameLabel,
    String namespaceLabel,
    String armLabel,
    String assignmentAnnotation) {

  public static final String DEFAULT_GROUP = "canary.modelsphere.dev";

  public CanaryKeys {
    group = Nulls.or(group, DEFAULT_GROUP);
    version = Nulls.or(version, "v1alpha1");
    kind = Nulls.or(kind, "LLMCanary");
    plural = Nulls.or(plural, "llmcanaries");
    nameLabel = Nulls.or(nameLabel, DEFAULT_GROUP + "/name");
    namespaceLabel = Nulls.or(namespaceLabel, DEFAULT_GROUP + "/namespace");
    armLabel = Nulls.or(armLabel, DEFAULT_GROUP + "/arm");
    assignmentAnnotation = Nulls.or(assignmentAnnotation, DEFAULT_GROUP + "/assigned-to");
  }

  /** The keys of {@code spec/canary.md} §2. */
  public static CanaryKeys defaults() {
    return new CanaryKeys(null, null, null, null, null, null, null, null);
  }

  /** {@code group/version}, as in an object's {@code apiVersion}. */
  public String apiVersion() {
    return group + "/" + version;
  }
}
