package dev.modelsphere.swiss.kube;

/** A release swiss manages: a {@code swiss-plan-<release>} ConfigMap exists in its namespace. */
public record ManagedRef(String namespace, String release) {}
