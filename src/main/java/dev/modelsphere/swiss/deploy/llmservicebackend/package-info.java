/**
 * The LLMService backend: writes an {@code LLMService} object that an operator reconciles, waits
 * for the operator, keeps each revision's plan, and uninstalls without deleting what the caller did
 * not see (canary.md §6).
 *
 * <p>May use: the port, write coordination, llmsvc and kube. Reached only through the port; only
 * {@code deploy.assembly} constructs it.
 */
package dev.modelsphere.swiss.deploy.llmservicebackend;
