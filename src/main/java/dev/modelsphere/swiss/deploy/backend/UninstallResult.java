package dev.modelsphere.swiss.deploy.backend;

/**
 * A completed uninstall.
 *
 * @param planError non-empty when the plan ConfigMap could not be removed after the release was
 */
public record UninstallResult(String namespace, String release, String output, String planError) {}
