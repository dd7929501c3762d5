// Domains of security and telemetry vendors (endpoint agents, their clouds, log intakes): a
// hosts-file line or a firewall rule that stops them being reached blinds the machine's defenders.
// Shared by the egress detector's file writes and the shell detector's commands.

/** Security and telemetry vendors' domains: endpoint agents, their clouds, and log intakes. */
export const TELEMETRY_DOMAIN =
  /(?:^|[\s.'"/@])(?:crowdstrike\.com|sentinelone\.net|cloudsink\.net|datadoghq\.(?:com|eu)|splunkcloud\.com|sumologic\.com|newrelic\.com|securitycenter\.windows\.com|winatp-gw-[a-z0-9]+\.microsoft\.com|wdcp\.microsoft\.com|events\.data\.microsoft\.com|sophos\.com|carbonblack\.io|confer\.net|cylance\.com|paloaltonetworks\.com|traps\.paloaltonetworks\.com|tanium\.com|trendmicro\.com|eset\.com|kaspersky\.com|bitdefender\.(?:com|net)|malwarebytes\.com|elastic-cloud\.com|cloud\.es\.io|loggly\.com|logz\.io|papertrailapp\.com|rapid7\.com|insight\.rapid7\.com|lacework\.net|wiz\.io|sysdig\.com|qualys\.com|fireeye\.com|trellix\.com|mcafee\.com|amp\.cisco\.com)(?=$|[\s/:'"])/i;
