/**
 * The site's values policy, applied: which keys the user layers of a plan may set ({@link
 * dev.modelsphere.swiss.deploy.policy.KeyRules}), and what a rendered manifest's pods may be
 * ({@link dev.modelsphere.swiss.deploy.policy.PodSecurityCheck}: the site's Pod Security level, its
 * exceptions, its image registries, its node directories). {@link
 * dev.modelsphere.swiss.deploy.policy.SitePolicy} is the one entry: built from the profile each
 * time it is asked, so a policy changed after a plan was composed still holds at apply.
 *
 * <p>Pure: it reads plans, profiles and manifest text, and touches no cluster and no helm.
 * Preflight renders and calls it ({@code deploy.preflight.ValuesPolicyRule}).
 */
package dev.modelsphere.swiss.deploy.policy;
