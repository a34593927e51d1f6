/**
 * DSS services: stateful services with DSSP operations, served over HTTP by a Netty host. The API arrives with the dss-services issue; this module currently only reserves the package and module name.
 */
package io.ccrj.dss;
