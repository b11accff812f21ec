/** Where a pincode is, when the shop can deliver there. */
export interface ServiceablePincode {
  pincode: string;
  district: string;
  /** two letters, e.g. BR for Bihar */
  stateCode: string;
  /** the full name, where the source gives it */
  state?: string;
}

/** Answers whether a pincode can be delivered to: its place, or null when it cannot. */
export interface PincodeDirectory {
  lookup(pincode: string): Promise<ServiceablePincode | null>;
}
