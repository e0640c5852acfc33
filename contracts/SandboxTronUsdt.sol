// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./SandboxERC20.sol";

/// @notice Tether USD as deployed on Tron (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t, the 2017
/// TetherToken with StandardTokenWithFees, Solidity 0.4.18), with the quirks callers meet:
/// - `transfer` succeeds but returns false (32 zero bytes): StandardTokenWithFees.transfer
///   declares `returns (bool)` and never returns, so SafeERC20-style callers revert;
/// - `transferFrom` and `approve` return true; `approve` sets any allowance directly (no
///   "approve 0 first" rule, unlike USDT on Ethereum);
/// - an allowance of 2**256-1 is never spent down (MAX_UINT);
/// - failures revert without a reason string (plain `require`), as the 0.4 contract does.
/// The transfer fee (basisPointsRate) is zero on Tron and left out.
contract SandboxTronUsdt is SandboxERC20 {
    constructor(string memory name_, string memory symbol_, uint8 decimals_, address[] memory holders, uint256 amountEach)
        SandboxERC20(name_, symbol_, decimals_, holders, amountEach)
    {}

    function transfer(address to, uint256 value) external returns (bool) {
        require(to != address(0));
        require(value <= balanceOf[msg.sender]);
        _transfer(msg.sender, to, value);
        return false;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(to != address(0));
        require(value <= balanceOf[from]);
        require(value <= allowance[from][msg.sender]);
        _spendAllowance(from, msg.sender, value);
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }
}
