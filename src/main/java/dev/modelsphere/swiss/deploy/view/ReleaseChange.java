package dev.modelsphere.swiss.deploy.view;

/**
 * A release whose views may read differently now.
 *
 * @param listed the change is to one of its records (plan ConfigMap, LLMService, helm storage), so
 *     its row in the deployments list may differ too; false when only its pods changed
 */
public record ReleaseChange(String namespace, String release, boolean listed) {}
