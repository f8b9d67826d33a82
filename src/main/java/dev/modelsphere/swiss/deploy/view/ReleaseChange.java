package dev.modelsphere.swiss.deploy.view;

/**
 * A release whose views may read differently now.
 *
 * @param listed the change is to one of its records (plan ConfigMap, LLMService, helm storage), so
 *     its row in the deployments list may differ too; false when only its pods changed
 * @param revision the changed object's resource version ({@link
 *     dev.modelsphere.swiss.kube.ResourceVersions}), 0 when unknown
 */
public record ReleaseChange(String namespace, String release, boolean listed, long revision) {}
