// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./SandboxERC20.sol";

/// @notice A plain ERC-20 (DAI, FAU): no permit, bool returns, any approve allowed.
contract SandboxToken is SandboxERC20 {
    constructor(string memory name_, string memory symbol_, uint8 decimals_, address[] memory holders, uint256 amountEach)
        SandboxERC20(name_, symbol_, decimals_, holders, amountEach)
    {}

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _approve(msg.sender, spender, amount);
        return true;
    }
}
