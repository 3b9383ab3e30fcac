#!/usr/bin/env bash
# Installs the test PACS of hospital imaging from Debian's packages: Orthanc with its DICOMweb
# plugin (orthanc, orthanc-dicomweb) and DCMTK (dcmtk), whose dump2dcm makes the test studies.
# The imaging integration and e2e tests start their own Orthanc on a free port with a config in a
# temp dir (apps/server/src/modules/imaging/testing/test-pacs.ts); the package's system service
# is not used. Called by `npm test`, the e2e tests and .ci/run; does nothing when all are there.
# Without root or sudo it says what to install and exits 0 (the imaging tests against Orthanc are
# then skipped), unless ORTHANC_REQUIRED=1 (CI), where a missing PACS is an error.
set -euo pipefail
have() { command -v Orthanc >/dev/null 2>&1 && [ -e /usr/share/orthanc/plugins/libOrthancDicomWeb.so ] && command -v dump2dcm >/dev/null 2>&1; }
if have; then exit 0; fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else
  echo "Hospital imaging tests need Orthanc and DCMTK (apt-get install -y orthanc orthanc-dicomweb dcmtk); no root or sudo here to install them." >&2
  [ "${ORTHANC_REQUIRED:-0}" = "1" ] && exit 1
  exit 0
fi
echo "Installing Orthanc + DICOMweb plugin and DCMTK (test PACS for hospital imaging) from Debian's packages…"
$SUDO apt-get update -qq
# The package would start its own service: policy-rc.d (or no init system) keeps it stopped; the tests start their own.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends orthanc orthanc-dicomweb dcmtk >/dev/null
have || { echo "Orthanc, its DICOMweb plugin or dump2dcm still missing after install" >&2; exit 1; }
