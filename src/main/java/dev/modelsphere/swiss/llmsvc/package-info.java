/**
 * The LLMService custom resource as swiss writes and reads it: its wire form, and the mapping
 * between a plan and the object that deploys it ({@link dev.modelsphere.swiss.llmsvc.PlanMapping}).
 */
package dev.modelsphere.swiss.llmsvc;
