package dev.modelsphere.swiss.deploy.policy;

/**
 * One thing the site's policy refuses.
 *
 * @param field where: a values path ({@code commandOverride}) or an object's field ({@code
 *     Deployment/qwen spec.template.spec.hostNetwork})
 * @param message the rule, the value, and what to change or what the site would have to allow
 */
public record Finding(String field, String message) {}
