/**
 * The helm backend: installs, upgrades, rolls back and uninstalls helm releases with the plan
 * recorded beside them ({@code swiss-plan-<release>} ConfigMap, {@code status.yaml}), and settles
 * applies whose writer died.
 *
 * <p>May use: the port, write coordination, helm and kube. Reached only through the port; only
 * {@code deploy.assembly} constructs it.
 */
package dev.modelsphere.swiss.deploy.helmbackend;
