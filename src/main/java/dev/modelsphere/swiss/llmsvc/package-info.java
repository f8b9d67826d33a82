/**
 * The LLMService custom resource as swiss writes and reads it: its wire form, and the mapping
 * between a plan and the object that deploys it ({@link dev.modelsphere.swiss.llmsvc.PlanMapping}),
 * the client that discovers and reads it ({@link dev.modelsphere.swiss.llmsvc.LlmServiceClient}),
 * and the process-wide cache of whether swiss may use it ({@link
 * dev.modelsphere.swiss.llmsvc.LlmServiceAccess}).
 */
package dev.modelsphere.swiss.llmsvc;
