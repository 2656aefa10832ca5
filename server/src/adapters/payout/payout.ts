/** Sends money to a member's bank account. A bank or payment-gateway integration implements this. */
export interface PayoutRequest {
  withdrawalId: number;
  amountMinor: number;
  currency: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
}

export interface PayoutAdapter {
  /** Hands the payout over; the result arrives later (here: the operator marks it paid or rejected). */
  submit(request: PayoutRequest): Promise<void>;
}

/**
 * The sandbox: keeps the requests for the operator, who settles each one with
 * `npm run operator -- withdrawal pay|reject <id>`, as a back office would after the bank transfer.
 */
export class SandboxPayouts implements PayoutAdapter {
  readonly submitted: PayoutRequest[] = [];
  constructor(private readonly log: (message: string) => void = () => undefined) {}

  submit(request: PayoutRequest): Promise<void> {
    this.submitted.push(request);
    this.log(
      `payout requested: withdrawal ${request.withdrawalId}, ${request.amountMinor} minor ${request.currency} to ${request.bankCode} ${request.bankAccountNo}`,
    );
    return Promise.resolve();
  }
}
