import { describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { ApiError } from './ApiError';
import { payOrdersInTurn } from './orders';

const refusal = (status: number, msg: string) => new ApiError(msg, status, routes.orderPay);

describe('payOrdersInTurn (批量付款)', () => {
  it('pays every order, one after the other, in the order given', async () => {
    const asked: number[] = [];
    let running = 0;
    const outcome = await payOrdersInTurn([3, 1, 2], async (id) => {
      running += 1;
      expect(running).toBe(1);
      asked.push(id);
      await Promise.resolve();
      running -= 1;
    });
    expect(asked).toEqual([3, 1, 2]);
    expect(outcome).toEqual({ paid: 3 });
  });

  it('stops at a shortfall with how many were paid and the server’s message', async () => {
    const asked: number[] = [];
    const outcome = await payOrdersInTurn([1, 2, 3], async (id) => {
      asked.push(id);
      if (id === 2) throw refusal(402, '余额不足：还差 ¥12.00，请先充值');
    });
    expect(asked).toEqual([1, 2]);
    expect(outcome).toEqual({ paid: 1, stoppedBy: { msg: '余额不足：还差 ¥12.00，请先充值', shortfall: true } });
  });

  it('stops at another refusal too (an order paid meanwhile in another tab), not as a shortfall', async () => {
    const outcome = await payOrdersInTurn([1, 2], () => Promise.reject(refusal(409, '订单1不是待付款状态，不能支付')));
    expect(outcome).toEqual({ paid: 0, stoppedBy: { msg: '订单1不是待付款状态，不能支付', shortfall: false } });
  });

  it('lets anything but a refusal through (a bug is not a refusal to show)', async () => {
    await expect(payOrdersInTurn([1], () => Promise.reject(new TypeError('boom')))).rejects.toThrow('boom');
  });
});
