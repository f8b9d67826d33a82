/**
 * Composing a plan from its layers: the catalog variant, the site profile, derived defaults, the
 * operator's form and hand edits. Pure: no cluster, no rendering.
 */
package dev.modelsphere.swiss.compose;
