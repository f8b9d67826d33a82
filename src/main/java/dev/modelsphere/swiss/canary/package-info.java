/**
 * How an LLMService relates to Canary experiments: standalone, referenced (borrowed as an arm) or
 * owned (created by the experiment). Derived from the object's own metadata alone; swiss reports it
 * and guards nothing because of it.
 */
package dev.modelsphere.swiss.canary;
