import { useEffect } from 'react';
import { vendorIsAllowedSchema } from '@shared/schemas/application';
import { isBackgroundAllowed, reportSpy } from '../api/application';

/**
 * The vendor check of spec 1 §7: when the server may not talk to the vendor
 * (communication.can_from_server false), the browser asks the vendor's service for this machine
 * and relays its answer unchanged (the spy call), signature included: the server applies only
 * what the vendor signed, which may lock the application. Once per sign-in.
 */
export const useVendorSpy = (canFromServer: boolean, machineId: string) => {
  useEffect(() => {
    if (canFromServer) return;
    const controller = new AbortController();
    void (async () => {
      try {
        const { vendor_service_url: vendorUrl } = await isBackgroundAllowed();
        const response = await fetch(new URL(`update/is_allowed/${encodeURIComponent(machineId)}`, vendorUrl), { signal: controller.signal });
        const relayed: unknown = await response.json();
        const answer = vendorIsAllowedSchema.safeParse(relayed);
        if (!answer.success) return;
        await reportSpy({ result: relayed, is_locked: answer.data.data.is_locked, is_allowed_to_update: answer.data.data.is_allowed_to_update });
      } catch {
        // The vendor unreachable from this browser changes nothing: the next sign-in asks again.
      }
    })();
    return () => controller.abort();
  }, [canFromServer, machineId]);
};
